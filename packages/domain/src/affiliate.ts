import { z } from 'zod';
import { personName } from './auth';
import { formatMoney, inrToUsdMinor, usdToInrMinor, type Currency, type Money } from './money';
import { MS_PER_DAY } from './zoned-time';

// Affiliates (influencers): who brought a learner, what the affiliate earns from that learner's
// payments, and where the money goes. The server decides; the web app renders these rules.

/** A visit through an affiliate's code or campaign link is remembered this long (first touch wins). */
export const AFFILIATE_ATTRIBUTION_DAYS = 30;
/** An affiliate earns this share of each qualifying payment… */
export const AFFILIATE_COMMISSION_PERCENT = 20;
/** …made within this many days of the learner's sign-up… */
export const AFFILIATE_COMMISSION_WINDOW_DAYS = 180;
/** …up to this much in all per learner, in the affiliate's earnings currency. */
export const AFFILIATE_COMMISSION_CAP_MINOR: Record<Currency, number> = { INR: 200_000, USD: 2_500 };
/** The discount a new affiliate's code gives the learners who use it, until a moderator changes it. */
export const NEW_AFFILIATE_COUPON_PERCENT = 10;
/** A payout can be asked for once the available balance reaches this. */
export const AFFILIATE_PAYOUT_MINIMUM_MINOR: Record<Currency, number> = { INR: 100_000, USD: 1_500 };

/** What the payout form and the server say when a payout cannot be asked for. */
export const payoutTexts = {
  notYet: (minimum: Money) => `You can ask for a payout once ${formatMoney(minimum)} is available.`,
  belowMinimum: (minimum: Money) => `A payout is at least ${formatMoney(minimum)}.`,
  overAvailable: (available: Money) => `You can ask for at most ${formatMoney({ ...available, amountMinor: Math.max(0, available.amountMinor) })}.`,
};

export type PayoutRefusal = { kind: keyof typeof payoutTexts; message: string };

/**
 * Why a payout of `amountMinor` cannot be asked for out of `available`, or undefined when it can.
 * The cases are checked in this order by the form and by the server, which owns the rule.
 */
export function payoutRefusal(amountMinor: number, available: Money): PayoutRefusal | undefined {
  const minimum = { amountMinor: AFFILIATE_PAYOUT_MINIMUM_MINOR[available.currency], currency: available.currency };
  if (available.amountMinor < minimum.amountMinor) return { kind: 'notYet', message: payoutTexts.notYet(minimum) };
  if (amountMinor < minimum.amountMinor) return { kind: 'belowMinimum', message: payoutTexts.belowMinimum(minimum) };
  if (amountMinor > available.amountMinor) return { kind: 'overAvailable', message: payoutTexts.overAvailable(available) };
  return undefined;
}

/** Whether a first touch at `touchedAt` still attributes a sign-up at `now`. */
export function attributionStillValid(touchedAt: Date, now: Date): boolean {
  const age = now.getTime() - touchedAt.getTime();
  return age >= 0 && age <= AFFILIATE_ATTRIBUTION_DAYS * MS_PER_DAY;
}

/**
 * Who made a visit and on which day, for counting one click per visitor, affiliate and UTC day
 * (fresh browsers from one place are one visitor): the client's address, an IPv6 one by its /64
 * block (one machine or home may take any address in it), and the day of `at` in UTC.
 */
export function affiliateVisit(address: string, at: Date): { visitor: string; day: string } {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1];
  const visitor = mappedV4 ?? (plain.includes(':') ? `${ipv6Groups(plain).slice(0, 4).join(':')}::/64` : plain);
  return { visitor, day: at.toISOString().slice(0, 10) };
}

/** An IPv6 address's eight groups, "::" expanded and leading zeros dropped. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}

/** What `paid` is worth in `currency`, converted at the stored rate (rounded once, there). */
function inCurrency(paid: Money, currency: Currency, usdToInrRate: number): number {
  if (paid.currency === currency) return paid.amountMinor;
  return currency === 'INR' ? usdToInrMinor(paid.amountMinor, usdToInrRate) : inrToUsdMinor(paid.amountMinor, usdToInrRate);
}

/**
 * The commission a captured payment earns the affiliate who brought the learner: the share,
 * rounded down, in the affiliate's currency; nothing outside the window after sign-up; never
 * past the per-learner cap (`earnedSoFarMinor` is what that learner already earned them, net of
 * reversals). Always less than the payment itself.
 */
export function affiliateCommission(options: { paid: Money; currency: Currency; usdToInrRate: number; signedUpAt: Date; paidAt: Date; earnedSoFarMinor: number }): Money {
  const { paid, currency, usdToInrRate, signedUpAt, paidAt, earnedSoFarMinor } = options;
  const zero = { amountMinor: 0, currency };
  const sinceSignUp = paidAt.getTime() - signedUpAt.getTime();
  if (sinceSignUp < 0 || sinceSignUp > AFFILIATE_COMMISSION_WINDOW_DAYS * MS_PER_DAY) return zero;
  const share = Math.floor((inCurrency(paid, currency, usdToInrRate) * AFFILIATE_COMMISSION_PERCENT) / 100);
  const room = Math.max(0, AFFILIATE_COMMISSION_CAP_MINOR[currency] - earnedSoFarMinor);
  return { amountMinor: Math.min(share, room), currency };
}

/**
 * How much of a commission a refund takes back: the refunded share of the payment, rounded up
 * (the affiliate never keeps commission on money the learner got back), at most the commission.
 */
export function commissionReversalMinor({ commissionMinor, paidMinor, refundedMinor }: { commissionMinor: number; paidMinor: number; refundedMinor: number }): number {
  if (paidMinor <= 0 || refundedMinor <= 0) return 0;
  const refunded = Math.min(refundedMinor, paidMinor);
  return Math.min(commissionMinor, Math.ceil((commissionMinor * refunded) / paidMinor));
}

// ---- Bank details ------------------------------------------------------------------------------

/** Indian Financial System Code: 4 bank letters, a zero, 6 branch characters. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** SWIFT/BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const SWIFT_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
/** Indian bank account numbers are 9 to 18 digits. */
export const INDIAN_ACCOUNT_PATTERN = /^\d{9,18}$/;

export const isValidIfsc = (code: string) => IFSC_PATTERN.test(code);
export const isValidSwift = (code: string) => SWIFT_PATTERN.test(code);

/** Spaces are for reading; an IBAN is compared without them, in capitals. */
export const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/**
 * ISO 13616: a country code, two check digits, then up to 30 letters or digits (15 to 34 in
 * all); moving the first four characters to the end and reading letters as 10–35, the number
 * leaves 1 when divided by 97.
 */
export function isValidIban(input: string): boolean {
  const iban = compactIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  return ibanMod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** The remainder by 97 of the digits an IBAN reads as, taken a piece at a time (no big numbers). */
function ibanMod97(rearranged: string): number {
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder;
}

/** The check digits that make `country + ?? + bban` a valid IBAN (used by tests and the seed). */
export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = ibanMod97(compactIban(bban) + country.toUpperCase() + '00');
  return String(98 - remainder).padStart(2, '0');
}

/** An account number as screens and answers show it: only the last four characters. */
export function maskAccountNumber(account: string): string {
  const compact = account.replace(/\s+/g, '');
  return `•••• ${compact.slice(-4)}`;
}

/** A referred learner as the affiliate sees them: a first initial and the last name's initial. */
export function maskLearnerName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A learner';
  const first = `${parts[0]![0]!.toUpperCase()}${'•'.repeat(Math.max(2, Math.min(parts[0]!.length - 1, 5)))}`;
  return parts.length > 1 ? `${first} ${parts.at(-1)![0]!.toUpperCase()}.` : first;
}

const holderNameAsked = 'Enter the account holder’s name as the bank has it';
/** The name a payout is sent to: a person's name rule (a business name may hold digits). */
const holderName = personName(100, holderNameAsked, holderNameAsked);

/** A bank field: asked for when it is left empty, explained when it is not valid (one message, never both). */
const bankField = (normalise: (text: string) => string, valid: (text: string) => boolean, messages: { empty: string; invalid: string }) =>
  z
    .string()
    .transform(normalise)
    .superRefine((text, ctx) => {
      if (!text) ctx.addIssue({ code: 'custom', message: messages.empty });
      else if (!valid(text)) ctx.addIssue({ code: 'custom', message: messages.invalid });
    });
const upperTrimmed = (text: string) => text.trim().toUpperCase();

/** PUT /api/affiliate/bank-details: India (account number + IFSC) or elsewhere (IBAN + SWIFT). */
export const bankDetailsPayload = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('IN'),
    accountHolder: holderName,
    accountNumber: bankField(
      (text) => text.replace(/\s+/g, ''),
      (text) => INDIAN_ACCOUNT_PATTERN.test(text),
      { empty: 'Enter the account number', invalid: 'An Indian account number has 9 to 18 digits' },
    ),
    ifsc: bankField(upperTrimmed, isValidIfsc, {
      empty: 'Enter the IFSC',
      invalid: 'An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits (e.g. HDFC0001234)',
    }),
  }),
  z.object({
    kind: z.literal('INTL'),
    accountHolder: holderName,
    iban: bankField(compactIban, isValidIban, { empty: 'Enter the IBAN', invalid: 'That IBAN is not valid: check the country code and every digit' }),
    swift: bankField(upperTrimmed, isValidSwift, { empty: 'Enter the SWIFT/BIC code', invalid: 'A SWIFT/BIC code has 8 or 11 letters and digits' }),
  }),
]);
export type BankDetailsPayload = z.input<typeof bankDetailsPayload>;
