import { z } from 'zod';
import {
  DEFAULT_TRIAL_CHARGE_INR_MINOR,
  DEFAULT_TRIAL_CHARGE_USD_MINOR,
  DEFAULT_USD_TO_INR_RATE,
  KIDS_DEMO_PRICE_INR_MINOR,
  MIN_SESSIONS_TO_BUY,
} from './constants';
import { compareMoney, currencyForCountry, inrToUsdMinor, money, multiplyMoney, type Currency, type Money } from './money';

// Settings hold every price per currency in minor units; the country decides
// the currency. The server is the authority; the web app uses these only to render.

export type PriceSettings = {
  trialChargeInrMinor: number;
  trialChargeUsdMinor: number;
  /** Buffer record `trialCharges` (IELTS, India). */
  ieltsTrialChargeInrMinor: number;
  /** Buffer record `internationalTrialCharges` (IELTS, elsewhere), charged in USD. */
  ieltsTrialChargeUsdMinor: number;
  usdToInrRate: number;
  kidsDemoPriceInrMinor: number;
};

const minorAmount = z.number().int().nonnegative().refine(Number.isSafeInteger);

export const priceSettingsSchema = z.object({
  trialChargeInrMinor: minorAmount,
  trialChargeUsdMinor: minorAmount,
  ieltsTrialChargeInrMinor: minorAmount,
  ieltsTrialChargeUsdMinor: minorAmount,
  usdToInrRate: z.number().positive().finite(),
  kidsDemoPriceInrMinor: minorAmount,
}) satisfies z.ZodType<PriceSettings>;

/**
 * The defaults. IELTS trial charges exist only as stored settings, so they default
 * to the ordinary trial charges (99 INR, USD 1.99) until an admin stores others.
 */
export const defaultPriceSettings: PriceSettings = {
  trialChargeInrMinor: DEFAULT_TRIAL_CHARGE_INR_MINOR,
  trialChargeUsdMinor: DEFAULT_TRIAL_CHARGE_USD_MINOR,
  ieltsTrialChargeInrMinor: DEFAULT_TRIAL_CHARGE_INR_MINOR,
  ieltsTrialChargeUsdMinor: DEFAULT_TRIAL_CHARGE_USD_MINOR,
  usdToInrRate: DEFAULT_USD_TO_INR_RATE,
  kidsDemoPriceInrMinor: KIDS_DEMO_PRICE_INR_MINOR,
};

/**
 * India pays in INR, everyone else in USD; IELTS uses its own keys.
 * The spec's "international IELTS amount converted from USD at the stored rate" charged the
 * USD price in INR; Parley charges USD directly, so no conversion happens here.
 */
export function trialPrice({
  country,
  subject,
  settings,
}: {
  country: string;
  subject: string;
  settings: PriceSettings;
}): Money {
  const isIelts = subject === 'IELTS';
  if (currencyForCountry(country) === 'INR') {
    return money(isIelts ? settings.ieltsTrialChargeInrMinor : settings.trialChargeInrMinor, 'INR');
  }
  return money(isIelts ? settings.ieltsTrialChargeUsdMinor : settings.trialChargeUsdMinor, 'USD');
}

/**
 * A demo costs the kids demo price (149 INR),
 * a session its plan's INR price. In USD (the parent's wallet's currency outside India) the INR
 * price is converted at the rate.
 */
export function kidsSessionPrice({
  currency,
  isDemo,
  sessionPriceInrMinor,
  settings,
}: {
  currency: Currency;
  isDemo: boolean;
  sessionPriceInrMinor: number;
  settings: PriceSettings;
}): Money {
  const inrMinor = isDemo ? settings.kidsDemoPriceInrMinor : sessionPriceInrMinor;
  if (currency === 'INR') return money(inrMinor, 'INR');
  return money(inrToUsdMinor(inrMinor, settings.usdToInrRate), 'USD');
}

/** The grand total for `count` sessions; count is a whole number ≥ 1. */
export function buySessionsTotal({ unitPrice, count }: { unitPrice: Money; count: number }): Money {
  if (!Number.isSafeInteger(count) || count < MIN_SESSIONS_TO_BUY) {
    throw new RangeError(`Session count must be an integer ≥ ${MIN_SESSIONS_TO_BUY}, got ${count}`);
  }
  return multiplyMoney(unitPrice, count);
}

/** The count starts at 1; minus never takes it below 1. */
export function changeSessionCount(count: number, delta: 1 | -1): number {
  return Math.max(MIN_SESSIONS_TO_BUY, Math.trunc(count) + delta);
}

/** Low balance when the wallet's closingBalance is less than the total. */
export function isLowBalance({ closingBalance, total }: { closingBalance: Money; total: Money }): boolean {
  return compareMoney(closingBalance, total) < 0;
}

/**
 * The modal pays from the wallet; in India with a low balance the button becomes
 * Add money. Elsewhere a low balance keeps Pay using wallet, disabled.
 */
export function buySessionsAction({
  country,
  closingBalance,
  total,
}: {
  country: string;
  closingBalance: Money;
  total: Money;
}): 'pay-from-wallet' | 'add-money' | 'pay-disabled' {
  if (!isLowBalance({ closingBalance, total })) return 'pay-from-wallet';
  return currencyForCountry(country) === 'INR' ? 'add-money' : 'pay-disabled';
}

/** The unit a discount is rounded to: India's money has no decimals (spec §5), so whole rupees; cents elsewhere. */
const DISCOUNT_UNIT_MINOR: Record<Money['currency'], number> = { INR: 100, USD: 1 };

/**
 * An approved affiliate's code takes its coupon percentage off a total, the discount rounded to
 * the nearest whole rupee (INR) or cent (USD), so an Indian wallet never gets paise.
 */
export function affiliateDiscountedTotal({ total, discountPercent }: { total: Money; discountPercent: number }): Money {
  if (!Number.isFinite(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError(`discountPercent must be within 0..100, got ${discountPercent}`);
  }
  const unit = DISCOUNT_UNIT_MINOR[total.currency];
  const discount = Math.min(total.amountMinor, Math.round((total.amountMinor * discountPercent) / 100 / unit) * unit);
  return money(total.amountMinor - discount, total.currency);
}
