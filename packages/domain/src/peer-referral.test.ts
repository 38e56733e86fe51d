import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PEER_REFERRAL_BONUS_MINUTES, peerReferralBonusMinutes } from './peer-referral';

describe('peer referral', () => {
  it('gives each side 30 free minutes when the referee buys their first peer plan', () => {
    expect(PEER_REFERRAL_BONUS_MINUTES).toBe(30);
    expect(peerReferralBonusMinutes({ firstPeerPlan: true, planMinutes: 300, paidMinor: 49_900 })).toBe(30);
  });

  it('gives nothing for a later plan, or a plan paid nothing', () => {
    expect(peerReferralBonusMinutes({ firstPeerPlan: false, planMinutes: 300, paidMinor: 49_900 })).toBe(0);
    expect(peerReferralBonusMinutes({ firstPeerPlan: true, planMinutes: 300, paidMinor: 0 })).toBe(0);
    expect(peerReferralBonusMinutes({ firstPeerPlan: true, planMinutes: 0, paidMinor: 100 })).toBe(0);
  });

  it('is never more minutes than the plan’s price bought, so it is never worth more than the referee paid', () => {
    expect(peerReferralBonusMinutes({ firstPeerPlan: true, planMinutes: 20, paidMinor: 9_900 })).toBe(20);
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000_000 }), (firstPeerPlan, planMinutes, paidMinor) => {
        const bonus = peerReferralBonusMinutes({ firstPeerPlan, planMinutes, paidMinor });
        // The value of a minute is what the referee paid per minute: the bonus is worth bonus × paid / planMinutes.
        return bonus >= 0 && bonus <= planMinutes && (planMinutes === 0 || (bonus * paidMinor) / planMinutes <= paidMinor);
      }),
    );
  });
});
