import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_ATTRIBUTION_DAYS,
  AFFILIATE_COMMISSION_CAP_MINOR,
  AFFILIATE_COMMISSION_PERCENT,
  AFFILIATE_COMMISSION_WINDOW_DAYS,
  AFFILIATE_PAYOUT_MINIMUM_MINOR,
  affiliateCommission,
  affiliateVisit,
  attributionStillValid,
  bankDetailsPayload,
  commissionReversalMinor,
  ibanCheckDigits,
  isValidIban,
  isValidIfsc,
  isValidSwift,
  maskAccountNumber,
  maskLearnerName,
  NEW_AFFILIATE_COUPON_PERCENT,
  payoutRefusal,
} from './affiliate';

const DAY = 86_400_000;
const RATE = 81.982499;
const signedUpAt = new Date('2027-01-01T00:00:00Z');
const after = (days: number) => new Date(signedUpAt.getTime() + days * DAY);

describe('affiliate numbers', () => {
  it('are the ones the programme promises', () => {
    expect(AFFILIATE_ATTRIBUTION_DAYS).toBe(30);
    expect(AFFILIATE_COMMISSION_PERCENT).toBe(20);
    expect(AFFILIATE_COMMISSION_WINDOW_DAYS).toBe(180);
    expect(AFFILIATE_COMMISSION_CAP_MINOR).toEqual({ INR: 200_000, USD: 2_500 });
    expect(AFFILIATE_PAYOUT_MINIMUM_MINOR).toEqual({ INR: 100_000, USD: 1_500 });
    expect(NEW_AFFILIATE_COUPON_PERCENT).toBe(10);
  });
});

describe('attribution', () => {
  it('a first touch attributes a sign-up for 30 days, not after, and never before it happened', () => {
    const touched = new Date('2027-03-01T10:00:00Z');
    expect(attributionStillValid(touched, new Date(touched.getTime() + 30 * DAY))).toBe(true);
    expect(attributionStillValid(touched, new Date(touched.getTime() + 30 * DAY + 1))).toBe(false);
    expect(attributionStillValid(touched, new Date(touched.getTime() - 1))).toBe(false);
  });

  it('counts a visit by its address and its UTC day: IPv4 as it is, IPv6 by its /64 block', () => {
    const at = new Date('2027-03-01T23:59:59Z');
    expect(affiliateVisit('203.0.113.7', at)).toEqual({ visitor: '203.0.113.7', day: '2027-03-01' });
    expect(affiliateVisit('203.0.113.7', new Date('2027-03-02T00:00:00Z')).day).toBe('2027-03-02');
    // The same IPv4 address, as a dual-stack socket reports it.
    expect(affiliateVisit('::ffff:203.0.113.7', at).visitor).toBe('203.0.113.7');
    // A machine picks any address in its /64 at will: the block is one visitor, however it is written.
    for (const address of ['2001:db8:85a3:12::1', '2001:0db8:85a3:0012:ffff:ffff:ffff:fffe', '2001:DB8:85A3:12::abcd%eth0']) {
      expect(affiliateVisit(address, at).visitor, address).toBe('2001:db8:85a3:12::/64');
    }
    expect(affiliateVisit('2001:db8::1', at).visitor).toBe('2001:db8:0:0::/64');
    expect(affiliateVisit('::1', at).visitor).toBe('0:0:0:0::/64');
  });
});

describe('commission', () => {
  const commission = (paid: { amountMinor: number; currency: 'INR' | 'USD' }, days: number, earnedSoFarMinor = 0, currency: 'INR' | 'USD' = 'INR') =>
    affiliateCommission({ paid, currency, usdToInrRate: RATE, signedUpAt, paidAt: after(days), earnedSoFarMinor });

  it('is 20% of the payment, rounded down', () => {
    expect(commission({ amountMinor: 49_900, currency: 'INR' }, 1)).toEqual({ amountMinor: 9_980, currency: 'INR' });
    expect(commission({ amountMinor: 9_999, currency: 'INR' }, 1)).toEqual({ amountMinor: 1_999, currency: 'INR' });
  });

  it('only within 180 days of the sign-up', () => {
    expect(commission({ amountMinor: 10_000, currency: 'INR' }, 180).amountMinor).toBe(2_000);
    expect(commission({ amountMinor: 10_000, currency: 'INR' }, 180.0001).amountMinor).toBe(0);
    expect(commission({ amountMinor: 10_000, currency: 'INR' }, -1).amountMinor).toBe(0);
  });

  it('stops at the per-learner cap', () => {
    expect(commission({ amountMinor: 500_000, currency: 'INR' }, 1, 150_000).amountMinor).toBe(50_000);
    expect(commission({ amountMinor: 500_000, currency: 'INR' }, 1, 200_000).amountMinor).toBe(0);
  });

  it('converts a payment in another currency at the stored rate, in the affiliate’s currency', () => {
    // $19.99 is ₹1,638.83 at the default rate; 20% is ₹327.76.
    expect(commission({ amountMinor: 1_999, currency: 'USD' }, 1)).toEqual({ amountMinor: 32_776, currency: 'INR' });
    expect(commission({ amountMinor: 49_900, currency: 'INR' }, 1, 0, 'USD')).toEqual({ amountMinor: 121, currency: 'USD' });
  });

  it('is never negative and never more than the payment, whatever the payment and history', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom('INR' as const, 'USD' as const),
        fc.constantFrom('INR' as const, 'USD' as const),
        fc.integer({ min: 0, max: 400_000 }),
        fc.integer({ min: -10, max: 400 }),
        (amountMinor, paidCurrency, currency, earnedSoFarMinor, days) => {
          const { amountMinor: earned } = commission({ amountMinor, currency: paidCurrency }, days, earnedSoFarMinor, currency);
          const paidHere = paidCurrency === currency ? amountMinor : currency === 'INR' ? Math.round((amountMinor * RATE * 100) / 100) : Math.round(amountMinor / RATE);
          expect(earned).toBeGreaterThanOrEqual(0);
          expect(earned).toBeLessThanOrEqual(Math.floor(paidHere * 0.2) + 1);
          expect(earned + earnedSoFarMinor).toBeLessThanOrEqual(Math.max(AFFILIATE_COMMISSION_CAP_MINOR[currency], earnedSoFarMinor));
        },
      ),
    );
  });
});

describe('payout refusal', () => {
  const inr = (amountMinor: number) => ({ amountMinor, currency: 'INR' as const });
  const minimum = AFFILIATE_PAYOUT_MINIMUM_MINOR.INR;

  it('refuses below the minimum balance first, then an amount under the minimum, then one over the balance', () => {
    expect(payoutRefusal(minimum, inr(minimum - 1))).toEqual({ kind: 'notYet', message: 'You can ask for a payout once ₹1,000 is available.' });
    expect(payoutRefusal(minimum - 1, inr(minimum + 500))).toEqual({ kind: 'belowMinimum', message: 'A payout is at least ₹1,000.' });
    expect(payoutRefusal(minimum + 501, inr(minimum + 500))).toEqual({ kind: 'overAvailable', message: 'You can ask for at most ₹1,005.' });
  });

  it('accepts any amount from the minimum to the whole balance', () => {
    expect(payoutRefusal(minimum, inr(minimum))).toBeUndefined();
    expect(payoutRefusal(minimum + 500, inr(minimum + 500))).toBeUndefined();
  });

  it('uses the minimum of the balance’s currency', () => {
    const usd = { amountMinor: AFFILIATE_PAYOUT_MINIMUM_MINOR.USD, currency: 'USD' as const };
    expect(payoutRefusal(usd.amountMinor, usd)).toBeUndefined();
    expect(payoutRefusal(usd.amountMinor - 1, { ...usd, amountMinor: usd.amountMinor + 1 })?.message).toBe('A payout is at least $15.00.');
  });
});

describe('reversal on refund', () => {
  it('takes back the refunded share, rounded up, never more than was earned', () => {
    expect(commissionReversalMinor({ commissionMinor: 9_980, paidMinor: 49_900, refundedMinor: 49_900 })).toBe(9_980);
    expect(commissionReversalMinor({ commissionMinor: 9_980, paidMinor: 49_900, refundedMinor: 10_000 })).toBe(2_000);
    expect(commissionReversalMinor({ commissionMinor: 1_999, paidMinor: 9_999, refundedMinor: 1 })).toBe(1);
    expect(commissionReversalMinor({ commissionMinor: 1_999, paidMinor: 9_999, refundedMinor: 99_999 })).toBe(1_999);
    expect(commissionReversalMinor({ commissionMinor: 1_999, paidMinor: 9_999, refundedMinor: 0 })).toBe(0);
  });

  it('for any refund: between nothing and the whole commission', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (paidMinor, refundedMinor) => {
        const commissionMinor = Math.floor(paidMinor * 0.2);
        const back = commissionReversalMinor({ commissionMinor, paidMinor, refundedMinor });
        expect(back).toBeGreaterThanOrEqual(0);
        expect(back).toBeLessThanOrEqual(commissionMinor);
        if (refundedMinor >= paidMinor) expect(back).toBe(commissionMinor);
      }),
    );
  });
});

describe('bank details', () => {
  it('IFSC: 4 letters, a zero, 6 letters or digits', () => {
    expect(isValidIfsc('HDFC0001234')).toBe(true);
    expect(isValidIfsc('SBIN0ABC123')).toBe(true);
    expect(isValidIfsc('HDFC1001234')).toBe(false);
    expect(isValidIfsc('HDF00001234')).toBe(false);
    expect(isValidIfsc('HDFC000123')).toBe(false);
    expect(isValidIfsc('hdfc0001234')).toBe(false);
  });

  it('IFSC: any 4 capitals, a zero and any 6 capitals or digits pass; any other fifth character fails', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    fc.assert(
      fc.property(fc.array(letter, { minLength: 4, maxLength: 4 }), fc.array(alnum, { minLength: 6, maxLength: 6 }), fc.constantFrom(...'123456789ABZ'), (bank, branch, fifth) => {
        expect(isValidIfsc(`${bank.join('')}0${branch.join('')}`)).toBe(true);
        expect(isValidIfsc(`${bank.join('')}${fifth}${branch.join('')}`)).toBe(false);
      }),
    );
  });

  it('IBAN: the published examples pass, spaces and case aside; a changed digit or bad length fails', () => {
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(isValidIban('GB82WEST')).toBe(false);
    expect(isValidIban('1282WEST12345698765432')).toBe(false);
  });

  it('IBAN: check digits made by the rule always pass, and changing any one digit of the account always fails', () => {
    fc.assert(
      fc.property(fc.constantFrom('DE', 'FR', 'GB', 'NL', 'AE'), fc.stringMatching(/^[0-9]{12,26}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (country, bban, at, delta) => {
        const iban = `${country}${ibanCheckDigits(country, bban)}${bban}`;
        expect(isValidIban(iban)).toBe(true);
        const i = at % bban.length;
        const changed = `${bban.slice(0, i)}${(Number(bban[i]) + delta) % 10}${bban.slice(i + 1)}`;
        expect(isValidIban(`${country}${ibanCheckDigits(country, bban)}${changed}`)).toBe(false);
      }),
    );
  });

  it('SWIFT/BIC: 8 or 11 characters', () => {
    expect(isValidSwift('DEUTDEFF')).toBe(true);
    expect(isValidSwift('DEUTDEFF500')).toBe(true);
    expect(isValidSwift('DEUTDEF')).toBe(false);
    expect(isValidSwift('DEUTDEFF50')).toBe(false);
    expect(isValidSwift('1EUTDEFF')).toBe(false);
  });

  it('the payload normalises and explains what is wrong', () => {
    expect(bankDetailsPayload.parse({ kind: 'IN', accountHolder: 'Priya Menon', accountNumber: '1234 5678 9012', ifsc: ' hdfc0001234 ' })).toEqual({
      kind: 'IN',
      accountHolder: 'Priya Menon',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
    });
    const bad = bankDetailsPayload.safeParse({ kind: 'IN', accountHolder: 'Priya Menon', accountNumber: '12345', ifsc: 'HDFC1001234' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['An Indian account number has 9 to 18 digits', expect.stringContaining('An IFSC has 11 characters')]);
    // Left empty, a field is asked for, not called invalid.
    const blank = bankDetailsPayload.safeParse({ kind: 'INTL', accountHolder: 'Jan de Vries', iban: ' ', swift: '' });
    expect(blank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['iban', 'Enter the IBAN'],
      ['swift', 'Enter the SWIFT/BIC code'],
    ]);
    expect(bankDetailsPayload.safeParse({ kind: 'IN', accountHolder: 'Priya Menon', accountNumber: '', ifsc: '' }).error?.issues.map((i) => i.message)).toEqual([
      'Enter the account number',
      'Enter the IFSC',
    ]);
    expect(bankDetailsPayload.parse({ kind: 'INTL', accountHolder: 'Jan de Vries', iban: 'gb82 west 1234 5698 7654 32', swift: 'deutdeff' })).toMatchObject({ iban: 'GB82WEST12345698765432', swift: 'DEUTDEFF' });
  });

  it('takes the holder name as a person’s name: letters enough, no markup, tidied', () => {
    const holder = (accountHolder: string) => bankDetailsPayload.safeParse({ kind: 'IN', accountHolder, accountNumber: '123456789', ifsc: 'HDFC0001234' });
    expect(holder('  Priya   Menon ').data?.accountHolder).toBe('Priya Menon');
    expect(holder('Studio 9 Media').success).toBe(true);
    expect(holder('T4nya <b>').error?.issues.map((i) => i.message)).toEqual(['A name can’t contain < or >.']);
    expect(holder('A1').error?.issues.map((i) => i.message)).toEqual(['Enter the account holder’s name as the bank has it']);
    expect(holder(' ').error?.issues.map((i) => i.message)).toEqual(['Enter the account holder’s name as the bank has it']);
  });

  it('masks what is shown', () => {
    expect(maskAccountNumber('1234 5678 9012')).toBe('•••• 9012');
    expect(maskAccountNumber('GB82WEST12345698765432')).toBe('•••• 5432');
    expect(maskLearnerName('Rohan Sharma')).toBe('R•••• S.');
    expect(maskLearnerName('  ayesha  ')).toBe('A•••••');
    expect(maskLearnerName('Li Wei')).toBe('L•• W.');
    expect(maskLearnerName('')).toBe('A learner');
  });
});
