import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/render';
import { getItem, setItem } from '../../../shared/lib/storage';
import { isInactiveAffiliateCode } from '../../../shared/lib/utm';
import { recordAffiliateVisit } from './record-visit';

afterEach(() => vi.unstubAllGlobals());

describe('recording an affiliate visit', () => {
  it('sends the code, the known UTM parameters and the path of a campaign link', async () => {
    const fetch = mockFetch({ 'POST /api/affiliate/visits': () => json({ recorded: true, firstTouch: true, codeActive: true }) });
    expect(recordAffiliateVisit('/index-affiliate', '?utm_source=affiliate&utm_medium=web&utm_campaign=TANYA10&referralCode=tanya10&other=x')).toBe(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      referralCode: 'TANYA10',
      utm: { utm_source: 'affiliate', utm_medium: 'web', utm_campaign: 'TANYA10' },
      path: '/index-affiliate',
    });
  });

  it('forgets a code the server says is not active, so sign-up does not offer it', async () => {
    sessionStorage.clear();
    setItem('UTM_PARAMS', { utm_source: 'affiliate', utm_medium: 'web', utm_campaign: 'IRFAN10', referralCode: 'IRFAN10' });
    mockFetch({ 'POST /api/affiliate/visits': () => json({ recorded: false, firstTouch: false, codeActive: false }) });
    recordAffiliateVisit('/index-affiliate', '?referralCode=IRFAN10');
    await vi.waitFor(() => expect(isInactiveAffiliateCode('IRFAN10')).toBe(true));
    expect(getItem('UTM_PARAMS')).toEqual({ utm_source: 'affiliate', utm_medium: 'web' });
    // An active one is kept.
    setItem('UTM_PARAMS', { referralCode: 'TANYA10' });
    mockFetch({ 'POST /api/affiliate/visits': () => json({ recorded: true, firstTouch: true, codeActive: true }) });
    recordAffiliateVisit('/index-affiliate', '?referralCode=TANYA10');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isInactiveAffiliateCode('TANYA10')).toBe(false);
    expect(getItem('UTM_PARAMS')).toEqual({ referralCode: 'TANYA10' });
  });

  it('sends nothing for a visit without an affiliate', () => {
    const fetch = mockFetch({});
    expect(recordAffiliateVisit('/', '?utm_source=newsletter&utm_campaign=spring')).toBe(false);
    expect(recordAffiliateVisit('/', '')).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
