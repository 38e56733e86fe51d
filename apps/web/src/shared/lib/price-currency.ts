import { createContext, useContext } from 'react';
import { currencyForCountry, PRICE_CURRENCY_COOKIE, type Currency } from '@parley/domain/money';
import { visitorCountry } from './countries';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Tells the server which currency this browser shows prices in, so the pages it renders show the same. */
export function rememberPriceCurrency(): void {
  document.cookie = `${PRICE_CURRENCY_COOKIE}=${currencyForCountry(visitorCountry())}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}

/** The server's renderer sets the currency the browser said; in the browser nobody does. */
export const RenderedPriceCurrency = createContext<Currency | null>(null);

/** The currency a visitor sees prices in: the one their timezone's country implies (or their account's). */
export function useVisitorCurrency(): Currency {
  return useContext(RenderedPriceCurrency) ?? currencyForCountry(visitorCountry());
}
