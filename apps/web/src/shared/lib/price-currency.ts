import { createContext, useContext, useSyncExternalStore } from 'react';
import { currencyForCountry, PRICE_CURRENCY_COOKIE, type Currency } from '@parley/domain/money';
import { visitorCountry } from './countries';
import { onStorageChange } from './storage';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Tells the server which currency this browser shows prices in, so the pages it renders show the same. */
export function rememberPriceCurrency(): void {
  document.cookie = `${PRICE_CURRENCY_COOKIE}=${currencyForCountry(visitorCountry())}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}

/** The server's renderer sets the currency it renders prices in; in the browser nobody does. */
export const RenderedPriceCurrency = createContext<Currency | null>(null);

// A first visit's page arrives with prices in the server's default currency (the browser has not
// said its own yet). React must take that markup over as it is, so until the page has hydrated,
// prices stay in the markup's currency; then they follow the visitor.
let markupCurrency: Currency | null = null;
const listeners = new Set<() => void>();

/** start.tsx, before hydrating: the currency the server rendered the page's prices in. */
export function pricesFollowMarkup(currency: Currency): void {
  markupCurrency = currency;
}

/** Once the page has hydrated: prices in the visitor's own currency from now on. */
export function pricesFollowVisitor(): void {
  if (markupCurrency === null) return;
  markupCurrency = null;
  for (const listener of listeners) listener();
}

/** The currency a visitor sees prices in: the one their timezone's country implies (or their account's). */
export function visitorCurrency(): Currency {
  return markupCurrency ?? currencyForCountry(visitorCountry());
}

// Prices follow the markup's end and the account's country (a profile saved here or in another tab).
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const stopFollowingStorage = onStorageChange(listener);
  return () => {
    listeners.delete(listener);
    stopFollowingStorage();
  };
};

export function useVisitorCurrency(): Currency {
  const rendered = useContext(RenderedPriceCurrency);
  const current = useSyncExternalStore(subscribe, visitorCurrency, visitorCurrency);
  return rendered ?? current;
}
