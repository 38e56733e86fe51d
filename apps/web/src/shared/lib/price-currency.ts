import { currencyForCountry, PRICE_CURRENCY_COOKIE } from '@parley/domain/money';
import { visitorCountry } from './countries';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Tells the server which currency this browser shows prices in, so the pages it renders show the same. */
export function rememberPriceCurrency(): void {
  document.cookie = `${PRICE_CURRENCY_COOKIE}=${currencyForCountry(visitorCountry())}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}
