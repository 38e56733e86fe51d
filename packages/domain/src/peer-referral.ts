// Peer referral: someone who signed up with your referral code buys their first peer plan, and
// you both get free peer minutes, credited after the payment (never inside it).

/** Free minutes each side gets for the referee's first peer plan. */
export const PEER_REFERRAL_BONUS_MINUTES = 30;

/**
 * The minutes each side gets for a referee's peer plan: PEER_REFERRAL_BONUS_MINUTES for the first
 * one they paid for, never more minutes than that plan bought (so the bonus is never worth more
 * than what the referee paid), nothing for a later plan or one paid nothing.
 */
export function peerReferralBonusMinutes({ firstPeerPlan, planMinutes, paidMinor }: { firstPeerPlan: boolean; planMinutes: number; paidMinor: number }): number {
  if (!firstPeerPlan || paidMinor <= 0 || planMinutes <= 0) return 0;
  return Math.min(PEER_REFERRAL_BONUS_MINUTES, planMinutes);
}
