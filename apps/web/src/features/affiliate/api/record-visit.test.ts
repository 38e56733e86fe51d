import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/render';
import { recordAffiliateVisit } from './record-visit';

afterEach(() => vi.unstubAllGlobals());

describe('recording an affiliate visit', () => {
  it('sends the code, the known UTM parameters and the path of a campaign link', async () => {
    const fetch = mockFetch({ 'POST /api/affiliate/visits': () => json({ recorded: true, firstTouch: true }) });
    expect(recordAffiliateVisit('/index-affiliate', '?utm_source=affiliate&utm_medium=web&utm_campaign=TANYA10&referralCode=tanya10&other=x')).toBe(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      referralCode: 'TANYA10',
      utm: { utm_source: 'affiliate', utm_medium: 'web', utm_campaign: 'TANYA10' },
      path: '/index-affiliate',
    });
  });

  it('sends nothing for a visit without an affiliate', () => {
    const fetch = mockFetch({});
    expect(recordAffiliateVisit('/', '?utm_source=newsletter&utm_campaign=spring')).toBe(false);
    expect(recordAffiliateVisit('/', '')).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
