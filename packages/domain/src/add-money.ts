import { messages } from './messages';
import { formatMoney, majorToMinor, type Currency, type Money } from './money';

// What the amount field accepts, when the amount is valid, and when an
// offer's coupon applies.

/**
 * Longest whole part the field accepts. Not in the spec: 7 digits (9,999,999.99) keeps every
 * amount in minor units inside a Postgres `integer` (2,147,483,647), where money is stored.
 */
export const MAX_TOP_UP_WHOLE_DIGITS = 7;

/** The field keeps at most 2 decimals outside India (rupees take none). */
const MAX_DECIMALS = 2;

/**
 * Numeric only, no leading dot, leading zero stripped; India allows no decimals, others at most 2
 * (spec §5). Returns the text the field should show after a keystroke or paste.
 *
 * Decisions: in rupees a dot and what follows it are dropped ('12.50' pasted shows '12'); the field
 * also refuses digits typed on after a refused dot (see the Add Money modal), so '12.5' typed key by
 * key stays '12', never ten times the amount. Elsewhere extra decimals are cut, not rounded, and a
 * trailing dot ('12.') is kept while typing. "A leading zero is stripped" means a zero before other
 * digits ('007' → '7'): a lone '0' stays, because the field runs every keystroke through here and
 * '0' is how '0.5' begins; erasing it turned '0.5' typed key by key into '5'. An amount of '0' is
 * still refused by topUpProblem ('Please enter the amount').
 */
export function sanitizeAmountInput(raw: string, currency: Currency): string {
  const { whole, fraction } = amountParts(raw);
  const shown = whole.slice(0, MAX_TOP_UP_WHOLE_DIGITS);
  return fraction === null || currency === 'INR' ? shown : `${shown}.${fraction.slice(0, MAX_DECIMALS)}`;
}

/** Whether the field refuses the decimals typed or pasted here: rupees take whole amounts only. */
export const amountInputRefusesDecimals = (raw: string, currency: Currency): boolean => currency === 'INR' && amountParts(raw).fraction !== null;

/**
 * Whether sanitizeAmountInput cut whole digits off what was typed or pasted ('10000005' keeps
 * seven): the field then says how much is the most, instead of changing the amount unseen.
 */
export function amountInputCut(raw: string): boolean {
  return amountParts(raw).whole.length > MAX_TOP_UP_WHOLE_DIGITS;
}

/** Said when what was typed or pasted has letters or signs inside the number ('1e3', '12abc34'). */
export const amountInNumbersMessage = 'Enter the amount in numbers only, like 500.';

/**
 * Whether the number typed or pasted has something inside it that is not part of an amount:
 * a currency or a word around it is fine ('Rs 500', '₹1,000', '$12.50', '500 INR'), as are digit
 * group separators inside it (commas, spaces, apostrophes), but '1e3' is not a thousand, and keeping
 * its digits would make it 13. The field then keeps what it had and says why.
 */
export function amountInputGarbled(raw: string): boolean {
  // From the first digit to the last.
  const number = /\d(?:[\s\S]*\d)?/.exec(raw)?.[0] ?? '';
  return /[^\d.,'\s]/.test(number);
}

/**
 * Whether `raw` is `before` with one letter or sign typed into it ('1' → '1e'). The field shows
 * only digits and a dot, so key by key '1e3' would become 13 before amountInputGarbled saw it; a
 * longer change is a paste, which may carry a currency or a word around the number.
 */
export function amountKeyGarbled(before: string, raw: string): boolean {
  if (raw.length !== before.length + 1) return false;
  const at = [...raw].findIndex((char, index) => char !== before[index]);
  return raw.slice(0, at) + raw.slice(at + 1) === before && /[^\d.,'\s]/.test(raw[at]!);
}

/** Said when a comma outside India may be a decimal point. */
export const noCommasMessage = 'Type the amount without commas, like 1250 or 12.50.';

/**
 * Whether a comma in what was typed or pasted may be a decimal point: outside India '12,50' is
 * 12.50 in much of the world, and dropping the comma would make it 1250. A comma is taken only
 * where it groups thousands ('1,250', '$1,250.00'); typed key by key, '1,' is refused at once, as
 * the field cannot wait to see which was meant. Rupees take no decimals, so there commas go.
 */
export function amountInputCommaRefused(raw: string, currency: Currency): boolean {
  if (currency === 'INR') return false;
  const whole = raw.replace(/[^\d.,]/g, '').split('.')[0]!;
  return whole.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(whole);
}

/** The typed amount's whole digits (no leading zero before another digit) and its decimals after the first dot (null: no dot). */
function amountParts(raw: string): { whole: string; fraction: string | null } {
  const digitsAndDots = raw.replace(/[^\d.]/g, '').replace(/^\.+/, '');
  const dot = digitsAndDots.indexOf('.');
  const whole = (dot === -1 ? digitsAndDots : digitsAndDots.slice(0, dot)).replace(/^0+(?=\d)/, '');
  return { whole, fraction: dot === -1 ? null : digitsAndDots.slice(dot + 1).replace(/\./g, '') };
}

/** Said when an amount is more than one top-up may add. */
export const largestTopUpMessage = (currency: Currency) => `The largest amount you can add at once is ${formatMoney({ amountMinor: TOP_UP_MAX_MINOR[currency], currency })}.`;

export type TopUpValidation = { ok: true; amount: Money } | { ok: false; message: string };

/** The smallest top-up: one rupee, or one dollar. */
export const TOP_UP_MIN_MINOR = 100;
/** The largest single top-up: 10 lakh rupees, or USD 10,000. */
export const TOP_UP_MAX_MINOR: Record<Currency, number> = { INR: 100_000_000, USD: 1_000_000 };

/** The top-up offered for a purchase short of `short`: whole rupees in India, within the top-up's range. */
export function suggestedTopUpMinor(short: Money): number {
  const whole = short.currency === 'INR' ? Math.ceil(short.amountMinor / 100) * 100 : short.amountMinor;
  return Math.min(Math.max(whole, TOP_UP_MIN_MINOR), TOP_UP_MAX_MINOR[short.currency]);
}

/** Whether `amount` is more than one top-up may add. */
const overLargestTopUp = ({ amountMinor, currency }: Money): boolean => amountMinor > TOP_UP_MAX_MINOR[currency];

/**
 * Whether the field says the largest amount as it is typed in: whole digits were cut from what was
 * typed or pasted (`typed`), or the amount the field now shows (`shown`) is over the largest.
 */
export function topUpFieldTooLarge({ typed, shown, currency }: { typed: string; shown: string; currency: Currency }): boolean {
  return amountInputCut(typed) || overLargestTopUp({ amountMinor: enteredTopUpMinor(shown, currency) ?? 0, currency });
}

/** The field's amount in minor units, or null when it holds no positive amount. */
export function enteredTopUpMinor(amountText: string, currency: Currency): number | null {
  const cleaned = sanitizeAmountInput(amountText, currency);
  const amountMinor = cleaned === '' ? 0 : majorToMinor(cleaned, currency);
  return amountMinor > 0 ? amountMinor : null;
}

/** Said when decimals are typed in rupees, and when an amount with paise reaches a check. */
export const wholeRupeesMessage = 'Enter the amount in whole rupees.';

/** India allows no decimals (spec §5): a rupee amount with paise. */
function paiseProblem(amountMinor: number | null, currency: Currency): string | null {
  return currency === 'INR' && amountMinor !== null && amountMinor % 100 !== 0 ? wholeRupeesMessage : null;
}

/**
 * What is wrong with a top-up of `amount`, or null when it can be paid. An empty or zero amount
 * gives 'Please enter the amount'; India allows no decimals; the range above is ours.
 */
export function topUpProblem(amount: Money): string | null {
  const { amountMinor, currency } = amount;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return messages.enterAmount;
  const paise = paiseProblem(amountMinor, currency);
  if (paise) return paise;
  if (amountMinor < TOP_UP_MIN_MINOR) return `The smallest amount you can add is ${formatMoney({ amountMinor: TOP_UP_MIN_MINOR, currency })}.`;
  if (overLargestTopUp(amount)) return largestTopUpMessage(currency);
  return null;
}

/** The field's text as a top-up the server takes, or the message that says why not. */
export function validateTopUp({ amountText, currency }: { amountText: string; currency: Currency }): TopUpValidation {
  const amount = { amountMinor: enteredTopUpMinor(amountText, currency) ?? 0, currency };
  const problem = topUpProblem(amount);
  return problem === null ? { ok: true, amount } : { ok: false, message: problem };
}

/** Offer (walletAmount, cashBackAmount, coupon), amounts in minor units of the wallet's currency. */
export type WalletOffer = { coupon: string; walletAmountMinor: number; cashBackAmountMinor: number };

/** Applies only when the entered amount equals the offer's walletAmount. */
export function couponApplies({
  amountMinor,
  offerWalletAmountMinor,
}: {
  amountMinor: number;
  offerWalletAmountMinor: number;
}): boolean {
  return amountMinor === offerWalletAmountMinor;
}

export type CouponValidation = { ok: true } | { ok: false; message: string };

/** No amount → 'Please select or enter an amount'; a mismatch → 'Offer not valid…'. */
export function validateCoupon({
  amountMinor,
  offer,
}: {
  amountMinor: number | null;
  offer: Pick<WalletOffer, 'walletAmountMinor'>;
}): CouponValidation {
  if (amountMinor === null || amountMinor <= 0) return { ok: false, message: messages.selectOrEnterAmount };
  if (!couponApplies({ amountMinor, offerWalletAmountMinor: offer.walletAmountMinor })) {
    return { ok: false, message: messages.offerNotValid };
  }
  return { ok: true };
}

/** When the amount changes and no longer matches, the applied coupon is cleared. */
export function couponAfterAmountChange<T extends Pick<WalletOffer, 'walletAmountMinor'>>({
  appliedOffer,
  amountMinor,
}: {
  appliedOffer: T | null;
  amountMinor: number | null;
}): T | null {
  if (appliedOffer === null || amountMinor === null) return null;
  return couponApplies({ amountMinor, offerWalletAmountMinor: appliedOffer.walletAmountMinor })
    ? appliedOffer
    : null;
}
