import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponAfterAmountChange,
  couponApplies,
  MAX_TOP_UP_WHOLE_DIGITS,
  sanitizeAmountInput,
  amountInputCut,
  amountInputRefusesDecimals,
  amountInputGarbled,
  amountKeyGarbled,
  amountInputCommaRefused,
  suggestedTopUpMinor,
  wholeRupeesMessage,
  topUpProblem,
  topUpFieldTooLarge,
  TOP_UP_MIN_MINOR,
  enteredTopUpMinor,
  validateCoupon,
  validateTopUp,
} from './add-money';
import { messages } from './messages';
import { majorToMinor, type Currency } from './money';

describe('sanitizeAmountInput', () => {
  it.each([
    // [raw, shown in dollars, shown in rupees]
    ['12a3', '123', '123'],
    ['₹ 1,000', '1000', '1000'],
    ['.5', '5', '5'], // no leading dot
    ['..', '', ''],
    ['0123', '123', '123'], // leading zero stripped
    ['0', '0', '0'], // kept, so the next key can be the dot of '0.5'
    ['000', '0', '0'],
    ['007', '7', '7'], // a zero before other digits is stripped (spec §5)
    ['12.5', '12.5', '12'], // India allows no decimals (spec §5)
    ['12.', '12.', '12'], // a dot is kept while typing, where decimals are allowed
    ['12.3', '12.3', '12'],
    ['12.34', '12.34', '12'],
    ['12.345', '12.34', '12'], // at most 2 decimals, cut not rounded
    ['12.3.4', '12.34', '12'],
    ['0.5', '0.5', '0'],
    ['00.5', '0.5', '0'],
    ['-5', '5', '5'],
  ] as const)('%j shows %j in dollars and %j in rupees', (raw, dollars, rupees) => {
    expect(sanitizeAmountInput(raw, 'USD')).toBe(dollars);
    expect(sanitizeAmountInput(raw, 'INR')).toBe(rupees);
  });

  it('tells when rupee decimals were refused, so the field can say why the dot did not appear', () => {
    for (const raw of ['12.', '12.5', '₹ 1,000.50']) expect(amountInputRefusesDecimals(raw, 'INR'), raw).toBe(true);
    for (const raw of ['12', '', 'abc']) expect(amountInputRefusesDecimals(raw, 'INR'), raw).toBe(false);
    expect(amountInputRefusesDecimals('12.5', 'USD')).toBe(false);
    expect(wholeRupeesMessage).toBe('Enter the amount in whole rupees.');
  });

  it('tells when whole digits past the largest amount were cut', () => {
    expect(sanitizeAmountInput('10000005', 'INR')).toBe('1000000');
    expect(amountInputCut('10000005')).toBe(true);
    expect(amountInputCut('₹ 1,00,00,000.50')).toBe(true);
    for (const raw of ['1000000', '0001000000', '12.345', '-5', '']) expect(amountInputCut(raw), raw).toBe(false);
  });

  it('an amount with paise that reaches the check (not through the field) is refused in rupees', () => {
    expect(topUpProblem({ amountMinor: 1_250, currency: 'INR' })).toBe(wholeRupeesMessage);
    expect(topUpProblem({ amountMinor: 1_250, currency: 'USD' })).toBeNull();
  });

  it.each(['0.5', '0.99', '0.05', '007', '100.5'])('typed key by key in dollars, %j ends as typed (leading zeros before other digits stripped)', (typed) => {
    let shown = '';
    for (const key of typed) shown = sanitizeAmountInput(shown + key, 'USD');
    expect(shown).toBe(typed === '007' ? '7' : typed);
  });

  it('typed key by key, "0.5" stays a fraction of a dollar and is refused with the minimum, never made into $5', () => {
    const prefixes = ['0', '0.', '0.5'];
    expect(prefixes.map((text) => sanitizeAmountInput(text, 'USD'))).toEqual(prefixes);
    let shown = '';
    for (const key of '0.99') shown = sanitizeAmountInput(shown + key, 'USD');
    expect(validateTopUp({ amountText: shown, currency: 'USD' })).toEqual({ ok: false, message: 'The smallest amount you can add is $1.00.' });
    expect(validateTopUp({ amountText: '0', currency: 'USD' })).toEqual({ ok: false, message: messages.enterAmount });
  });

  it(`keeps at most ${MAX_TOP_UP_WHOLE_DIGITS} whole digits (fits a Postgres integer in minor units)`, () => {
    expect(MAX_TOP_UP_WHOLE_DIGITS).toBe(7);
    expect(sanitizeAmountInput('123456789', 'USD')).toBe('1234567');
    expect(sanitizeAmountInput('99999999.99', 'USD')).toBe('9999999.99');
  });

  it('always yields text that parses, has no leading dot or zero, rupees no dot, and is stable', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom<Currency>('INR', 'USD'), (raw, currency) => {
        const shown = sanitizeAmountInput(raw, currency);
        expect(sanitizeAmountInput(shown, currency)).toBe(shown);
        expect(shown).toMatch(currency === 'INR' ? /^(|[1-9]\d{0,6}|0)$/ : /^(|[1-9]\d{0,6}(\.\d{0,2})?|0(\.\d{0,2})?)$/);
        if (shown !== '') expect(majorToMinor(shown, currency)).toBeLessThan(2 ** 31);
      }),
    );
  });
});

describe('amountInputGarbled: letters or signs inside the number', () => {
  it('refuses what is not an amount, though it has digits', () => {
    for (const raw of ['1e3', '12abc34', '1+2', '5-0', '1_000', '0x10', '1e-3']) expect(amountInputGarbled(raw), raw).toBe(true);
  });

  it('takes an amount written with its currency, words around it, or digit groups', () => {
    for (const raw of ['500', 'Rs 500', 'Rs. 500', '₹1,000', '$12.50', '500 INR', 'INR 1 000', "1'000", '12.', 'abc', '', ' 750 ']) {
      expect(amountInputGarbled(raw), raw).toBe(false);
    }
  });
});

describe('amountKeyGarbled: a letter or sign typed into the number, key by key', () => {
  it('refuses one letter or sign typed anywhere, so 1e3 typed key by key is not 13', () => {
    expect(amountKeyGarbled('1', '1e')).toBe(true);
    expect(amountKeyGarbled('', '$')).toBe(true);
    expect(amountKeyGarbled('50', '5x0')).toBe(true);
  });

  it('takes digits, a dot, separators, and what is not one key typed (a paste, a deletion)', () => {
    expect(amountKeyGarbled('1', '12')).toBe(false);
    expect(amountKeyGarbled('12', '12.')).toBe(false);
    expect(amountKeyGarbled('1', '1,')).toBe(false);
    expect(amountKeyGarbled('1', '1 ')).toBe(false);
    expect(amountKeyGarbled('', 'Rs 500')).toBe(false);
    expect(amountKeyGarbled('500', '50')).toBe(false);
  });
});

describe('amountInputCommaRefused: outside India a comma may be a decimal point', () => {
  it('refuses a comma that does not group thousands, typed or pasted, outside India', () => {
    for (const raw of ['12,50', '12,5', '12,', '1,2', '$12,50', '1,00,000', '1,2345']) expect(amountInputCommaRefused(raw, 'USD'), raw).toBe(true);
  });

  it('takes commas that group thousands, and any comma in rupees (no decimals there)', () => {
    for (const raw of ['1,250', '$1,250.00', '1,000,000', '12.50', '1250', '']) expect(amountInputCommaRefused(raw, 'USD'), raw).toBe(false);
    for (const raw of ['12,50', '1,00,000', '₹1,000']) expect(amountInputCommaRefused(raw, 'INR'), raw).toBe(false);
  });
});

describe('suggestedTopUpMinor: the top-up offered for a purchase short of money', () => {
  it('rounds rupees up to whole rupees and keeps cents, within the smallest and largest top-up', () => {
    expect(suggestedTopUpMinor({ amountMinor: 9_850, currency: 'INR' })).toBe(9_900);
    expect(suggestedTopUpMinor({ amountMinor: 9_800, currency: 'INR' })).toBe(9_800);
    expect(suggestedTopUpMinor({ amountMinor: 365, currency: 'USD' })).toBe(365);
    expect(suggestedTopUpMinor({ amountMinor: 40, currency: 'USD' })).toBe(TOP_UP_MIN_MINOR);
    expect(suggestedTopUpMinor({ amountMinor: 5_000_000, currency: 'USD' })).toBe(1_000_000);
  });
});

describe('validateTopUp', () => {
  it('asks for an amount when empty or zero', () => {
    for (const amountText of ['', '0', '0.00', '.', 'abc']) {
      expect(validateTopUp({ amountText, currency: 'USD' })).toEqual({ ok: false, message: messages.enterAmount });
    }
    expect(messages.enterAmount).toBe('Please enter the amount');
  });
  it('returns the amount in minor units', () => {
    expect(validateTopUp({ amountText: '500', currency: 'INR' })).toEqual({
      ok: true,
      amount: { amountMinor: 50_000, currency: 'INR' },
    });
    expect(validateTopUp({ amountText: '6.1', currency: 'USD' })).toEqual({
      ok: true,
      amount: { amountMinor: 610, currency: 'USD' },
    });
  });
});

describe('coupons', () => {
  const offer = { coupon: 'WALLET100', walletAmountMinor: 100_000, cashBackAmountMinor: 10_000 };

  it('applies only when the amount equals the offer wallet amount', () => {
    expect(couponApplies({ amountMinor: 100_000, offerWalletAmountMinor: 100_000 })).toBe(true);
    expect(couponApplies({ amountMinor: 100_001, offerWalletAmountMinor: 100_000 })).toBe(false);
    expect(validateCoupon({ amountMinor: 100_000, offer })).toEqual({ ok: true });
  });
  it('asks to select or enter an amount first', () => {
    expect(validateCoupon({ amountMinor: null, offer })).toEqual({ ok: false, message: messages.selectOrEnterAmount });
    expect(validateCoupon({ amountMinor: 0, offer })).toEqual({ ok: false, message: messages.selectOrEnterAmount });
    expect(messages.selectOrEnterAmount).toBe('Please select or enter an amount');
  });
  it('says the offer is not valid on a mismatch', () => {
    expect(validateCoupon({ amountMinor: 50_000, offer })).toEqual({ ok: false, message: messages.offerNotValid });
    expect(messages.offerNotValid).toBe('Offer not valid for selected amount');
  });
  it('clears the applied coupon when the amount stops matching', () => {
    expect(couponAfterAmountChange({ appliedOffer: offer, amountMinor: 100_000 })).toBe(offer);
    expect(couponAfterAmountChange({ appliedOffer: offer, amountMinor: 200_000 })).toBeNull();
    expect(couponAfterAmountChange({ appliedOffer: offer, amountMinor: null })).toBeNull();
    expect(couponAfterAmountChange({ appliedOffer: null, amountMinor: 100_000 })).toBeNull();
  });
});

describe('topUpProblem: what the server takes as a top-up', () => {
  it(`takes ${TOP_UP_MIN_MINOR / 100} rupee or dollar up to 10 lakh rupees or USD 10,000`, () => {
    expect(topUpProblem({ amountMinor: 100, currency: 'INR' })).toBeNull();
    expect(topUpProblem({ amountMinor: 100_000_000, currency: 'INR' })).toBeNull();
    expect(topUpProblem({ amountMinor: 100, currency: 'USD' })).toBeNull();
    expect(topUpProblem({ amountMinor: 610, currency: 'USD' })).toBeNull();
    expect(topUpProblem({ amountMinor: 1_000_000, currency: 'USD' })).toBeNull();
    expect(topUpProblem({ amountMinor: 99, currency: 'USD' })).toBe('The smallest amount you can add is $1.00.');
    expect(topUpProblem({ amountMinor: 100_000_100, currency: 'INR' })).toBe('The largest amount you can add at once is ₹10,00,000.');
    expect(topUpProblem({ amountMinor: 1_000_001, currency: 'USD' })).toBe('The largest amount you can add at once is $10,000.00.');
  });
  it('asks for an amount when there is none, and for whole rupees in India', () => {
    for (const amountMinor of [0, -100, 1.5, Number.NaN]) expect(topUpProblem({ amountMinor, currency: 'USD' })).toBe(messages.enterAmount);
    expect(topUpProblem({ amountMinor: 50_050, currency: 'INR' })).toBe('Enter the amount in whole rupees.');
    expect(topUpProblem({ amountMinor: 50, currency: 'INR' })).toBe('Enter the amount in whole rupees.');
  });
  it('is what the field says too', () => {
    expect(validateTopUp({ amountText: '0.50', currency: 'USD' })).toEqual({ ok: false, message: 'The smallest amount you can add is $1.00.' });
    expect(validateTopUp({ amountText: '2000000', currency: 'INR' })).toEqual({ ok: false, message: 'The largest amount you can add at once is ₹10,00,000.' });
    expect(enteredTopUpMinor('0.50', 'USD')).toBe(50);
    expect(enteredTopUpMinor('0', 'INR')).toBeNull();
  });
  it('is said by the field as an amount over the largest is typed, or as digits are cut', () => {
    expect(topUpFieldTooLarge({ typed: '1000000', shown: '1000000', currency: 'INR' })).toBe(false);
    expect(topUpFieldTooLarge({ typed: '1000001', shown: '1000001', currency: 'INR' })).toBe(true);
    expect(topUpFieldTooLarge({ typed: '10000.01', shown: '10000.01', currency: 'USD' })).toBe(true);
    expect(topUpFieldTooLarge({ typed: '10000.00', shown: '10000.00', currency: 'USD' })).toBe(false);
    expect(topUpFieldTooLarge({ typed: '12345678', shown: '1234567', currency: 'USD' })).toBe(true);
    expect(topUpFieldTooLarge({ typed: '', shown: '', currency: 'INR' })).toBe(false);
  });
});
