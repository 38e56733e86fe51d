import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { currencies } from '@parley/domain/money';
import { pricesFollowMarkup, pricesFollowVisitor } from '../shared/lib/price-currency';
import { dropEarlyInput, holdEarlyInput, releaseEarlyInput } from './early-input';

// A public page arrives rendered by the server (entry-server.tsx) and React takes that markup over.
// Until the page itself has hydrated (its code can arrive after the header's), two things wait: the
// visitor's early input (early-input.ts), and prices in the visitor's own currency, since React must
// find the markup's prices as the server rendered them.

/** start.tsx, just before hydrateRoot. */
export function beginHydration(root: HTMLElement): void {
  holdEarlyInput(root);
  const currency = currencies.find((known) => known === root.dataset.priceCurrency);
  if (currency) pricesFollowMarkup(currency);
}

/** Rendered inside the layout's Suspense boundary, after the page: its effect runs once the page has hydrated. */
export function PageHydrated(): null {
  // A press held on the markup goes to the element the visitor pressed, before prices in their
  // currency replace it (the plans of each currency are cards of their own).
  useEffect(() => void releaseEarlyInput().then(pricesFollowVisitor), []);
  return null;
}

/**
 * In the app, under the router. The header hydrates before the page, so a visitor can follow one of
 * its links while the page is still the server's; that page never hydrates then, and the next one is
 * rendered in the browser. Its fields are gone, so what was held goes with them, and prices follow the
 * visitor; otherwise every later submit (a sign-up's too) would stay held and do nothing.
 */
export function useHydrationEndsWithFirstPage(): void {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    dropEarlyInput();
    pricesFollowVisitor();
  }, [pathname]);
}
