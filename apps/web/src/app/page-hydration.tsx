import { useEffect } from 'react';
import { currencies } from '@parley/domain/money';
import { pricesFollowMarkup, pricesFollowVisitor } from '../shared/lib/price-currency';
import { holdEarlyInput, releaseEarlyInput } from './early-input';

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
  useEffect(() => {
    releaseEarlyInput();
    pricesFollowVisitor();
  }, []);
  return null;
}
