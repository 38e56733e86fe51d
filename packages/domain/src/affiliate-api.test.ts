import { describe, expect, it } from 'vitest';
import { affiliateVisitPayload, commissionStatus, conversionPercent, payoutRequestPayload } from './affiliate-api';
import { affiliateCodeInQuery, affiliateMayShare, campaignLinkFor } from './affiliate-link';

describe('affiliate wire rules', () => {
  it('lets only an empty or Approved status share (spec §4)', () => {
    expect(['', 'Approved', null, undefined].map(affiliateMayShare)).toEqual([true, true, true, true]);
    expect(['Pending', 'Rejected', 'approved'].map(affiliateMayShare)).toEqual([false, false, false]);
  });

  it('builds the campaign link with the UTM parameters and the code, and reads the code back', () => {
    const link = campaignLinkFor('https://parley.example/', 'TANYA10');
    expect(link).toBe('https://parley.example/index-affiliate?utm_source=affiliate&utm_medium=web&utm_campaign=TANYA10&referralCode=TANYA10');
    const params = Object.fromEntries(link.split('?')[1]!.split('&').map((pair) => pair.split('=') as [string, string]));
    expect(affiliateCodeInQuery(params)).toBe('TANYA10');
    expect(affiliateCodeInQuery({ utm_source: 'Affiliate', utm_campaign: 'tanya10' })).toBe('TANYA10');
    expect(affiliateCodeInQuery({ utm_source: 'newsletter', utm_campaign: 'TANYA10' })).toBeUndefined();
    expect(affiliateCodeInQuery({ referralCode: 'no spaces allowed' })).toBeUndefined();
  });

  it('keeps a visit to a path on this site and known UTM keys', () => {
    expect(affiliateVisitPayload.safeParse({ referralCode: 'TANYA10', path: '//evil.example' }).success).toBe(false);
    expect(affiliateVisitPayload.safeParse({ referralCode: 'TANYA10', path: '/index-affiliate', utm: { utm_source: 'affiliate' } }).success).toBe(true);
    expect(affiliateVisitPayload.safeParse({ referralCode: 'TANYA10', path: '/', utm: { other: 'x' } }).success).toBe(false);
  });

  it('rounds conversion to one decimal and has none without a whole', () => {
    expect(conversionPercent(1, 3)).toBe(33.3);
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(0, 0)).toBeNull();
  });

  it('names a commission line’s status', () => {
    expect(commissionStatus({ credited: false, amountMinor: 0, reversedMinor: 0 })).toBe('pending');
    expect(commissionStatus({ credited: true, amountMinor: 0, reversedMinor: 0 })).toBe('not eligible');
    expect(commissionStatus({ credited: true, amountMinor: 500, reversedMinor: 0 })).toBe('credited');
    expect(commissionStatus({ credited: true, amountMinor: 500, reversedMinor: 100 })).toBe('partly reversed');
    expect(commissionStatus({ credited: true, amountMinor: 500, reversedMinor: 500 })).toBe('reversed');
  });
});

describe('a payout request', () => {
  it('takes a whole positive amount in minor units and says so in words otherwise', () => {
    expect(payoutRequestPayload.parse({ amountMinor: 150_000 })).toEqual({ amountMinor: 150_000 });
    for (const amountMinor of [-100_000, 0, 100_000.5, '100000', null]) {
      const result = payoutRequestPayload.safeParse({ amountMinor });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter the amount as a whole number of paise or cents, above 0');
    }
    expect(payoutRequestPayload.safeParse({ amountMinor: 2_000_000_001 }).error?.issues[0]?.message).toBe('Amount is too large');
  });
});
