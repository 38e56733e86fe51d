import { PRESET_TOP_UPS_INR } from './constants';

// Every amount is an integer in minor units (paise, cents) with its currency.
// Floats appear only inside a conversion, which rounds once; parsing and display go through
// strings so no amount is ever a fraction.

export const currencies = ['INR', 'USD'] as const;
export type Currency = (typeof currencies)[number];
export type Money = { amountMinor: number; currency: Currency };


/** Both currencies have 100 minor units (paise, cents). */
const MINOR_PER_MAJOR = 100;
const MINOR_DIGITS = 2;

/**
 * The cookie in which the browser tells the server the currency it shows prices in (the visitor's
 * timezone decides it, which only the browser knows), so a page the server renders shows them too.
 */
export const PRICE_CURRENCY_COOKIE = 'parley_currency';
/** The currency the server renders a page's prices in before the browser has said its own (any country but India's). */
export const DEFAULT_PRICE_CURRENCY: Currency = 'USD';

/** INR when the country is IN, otherwise USD. */
export function currencyForCountry(country: string): Currency {
  return country.trim().toUpperCase() === 'IN' ? 'INR' : 'USD';
}

export function money(amountMinor: number, currency: Currency): Money {
  assertMinor(amountMinor);
  return { amountMinor, currency };
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amountMinor + b.amountMinor, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amountMinor - b.amountMinor, a.currency);
}

/** Multiplies by a whole count (a number of sessions); fractions of money do not exist. */
export function multiplyMoney(m: Money, n: number): Money {
  assertMinor(m.amountMinor);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Multiplier must be an integer, got ${n}`);
  return money(m.amountMinor * n, m.currency);
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareMoney(a: Money, b: Money): number {
  assertSameCurrency(a, b);
  return a.amountMinor - b.amountMinor;
}

/** Paise → cents at `rate` INR per USD, rounded once here. */
export function inrToUsdMinor(inrMinor: number, rate: number): number {
  assertMinor(inrMinor);
  assertRate(rate);
  return Math.round(inrMinor / rate);
}

/** Cents → paise at `rate` INR per USD, rounded once here. */
export function usdToInrMinor(usdMinor: number, rate: number): number {
  assertMinor(usdMinor);
  assertRate(rate);
  return Math.round(usdMinor * rate);
}

/** 500/1000/2000/5000 INR; for USD each divided by the rate, to the cent. */
export function presetTopUps(currency: Currency, rate: number): Money[] {
  return PRESET_TOP_UPS_INR.map((rupees) => {
    const inrMinor = rupees * MINOR_PER_MAJOR;
    return currency === 'INR' ? money(inrMinor, 'INR') : money(inrToUsdMinor(inrMinor, rate), 'USD');
  });
}

/** The whole part: plain digits, or grouped in threes with commas ('12,500'). */
const westernWhole = String.raw`\d+|\d{1,3}(?:,\d{3})+`;
/** Rupees may also be grouped as en-IN writes them, twos before the last three: '1,00,000' (one lakh). */
const indianWhole = String.raw`\d{1,2}(?:,\d{2})*,\d{3}`;
const majorTextPatterns: Record<Currency, RegExp> = {
  INR: new RegExp(String.raw`^(-?)(${westernWhole}|${indianWhole})(?:\.(\d{0,2}))?$`),
  USD: new RegExp(String.raw`^(-?)(${westernWhole})(?:\.(\d{0,2}))?$`),
};

/**
 * Parses '12', '12.5', '12.50' or '12,500.50' into minor units by splitting the string (no float
 * maths). Thousands separators are read only where formatMoney would write them (and, for rupees,
 * in groups of three too): '1,0' or '1,00' is a typo, not an amount. Throws RangeError on
 * anything else, including more than 2 decimals (never rounds silently).
 */
export function majorToMinor(amountText: string, currency: Currency): number {
  assertCurrency(currency);
  const match = majorTextPatterns[currency].exec(amountText.trim());
  if (!match) throw new RangeError(`Not an amount: '${amountText}'`);
  const [, sign = '', grouped = '0', fraction = ''] = match;
  const whole = grouped.replaceAll(',', '');
  const minor = Number(whole) * MINOR_PER_MAJOR + Number(fraction.padEnd(MINOR_DIGITS, '0'));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount is too large: '${amountText}'`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** 1250 → '12.50', 1200 → '12' (whole amounts drop '.00', so INR inputs need no decimals). */
export function minorToMajorText(minor: number, currency: Currency): string {
  assertCurrency(currency);
  assertMinor(minor);
  const abs = Math.abs(minor);
  const fraction = abs % MINOR_PER_MAJOR;
  const whole = (abs - fraction) / MINOR_PER_MAJOR;
  const sign = minor < 0 ? '-' : '';
  if (fraction === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(fraction).padStart(MINOR_DIGITS, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: Currency, showDecimals: boolean): Intl.NumberFormat {
  const key = `${currency}:${showDecimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: showDecimals ? MINOR_DIGITS : 0,
      maximumFractionDigits: MINOR_DIGITS,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats INR as en-IN and USD as en-US. Whole rupees show no decimals ('₹99'); USD always
 * shows cents ('$1.99'). The number is passed as a decimal string, so no float is involved.
 */
export function formatMoney(m: Money): string {
  const isWhole = m.amountMinor % MINOR_PER_MAJOR === 0;
  const showDecimals = m.currency === 'USD' || !isWhole;
  const text = minorToMajorText(m.amountMinor, m.currency) as `${number}`;
  return formatterFor(m.currency, showDecimals).format(text);
}

function assertMinor(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Amount in minor units must be a safe integer, got ${amountMinor}`);
  }
}

function assertRate(rate: number): void {
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError(`Rate must be positive, got ${rate}`);
}

function assertCurrency(currency: string): void {
  if (!(currencies as readonly string[]).includes(currency)) throw new RangeError(`Unknown currency ${currency}`);
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`Currency mismatch: ${a.currency} vs ${b.currency}`);
}
