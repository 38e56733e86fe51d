import { HEADER_SHADOW_SCROLL_PX, MAX_KID_PROFILES, PEER_CALL_MIN_MINUTES } from './constants';

// Small yes/no rules with a number or a status in them.

/** Add kid appears only when fewer than 3 kids exist. */
export function canAddKid(kidCount: number): boolean {
  return kidCount < MAX_KID_PROFILES;
}

/** A peer call needs at least 5 available minutes. */
export function canStartPeerCall(availableMinutes: number): boolean {
  return availableMinutes >= PEER_CALL_MIN_MINUTES;
}

/** The landing header gains a shadow when scrolled more than 140 px. */
export function headerHasShadow(scrollYPx: number): boolean {
  return scrollYPx > HEADER_SHADOW_SCROLL_PX;
}

/** The affiliate link copy is enabled only when the status is empty or Approved. */
export function canCopyInfluencerLink(status: string | null | undefined): boolean {
  return status == null || status === '' || status === 'Approved';
}

/** Favourite is hidden for new-curriculum learners. */
export function showsFavourite({ isNewCurriculum }: { isNewCurriculum: boolean }): boolean {
  return !isNewCurriculum;
}

/** Chat file upload is offered only for IELTS. */
export function chatAllowsFileUpload(subject: string): boolean {
  return subject === 'IELTS';
}

/**
 * What a request refused by a rate limit is told, from the limit's Retry-After (seconds): how long
 * to wait, rounded up to whole minutes (a form limited per hour must not say "a minute").
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Number.isFinite(retryAfterSeconds) ? Math.ceil(retryAfterSeconds / 60) : 1;
  return minutes <= 1 ? 'Too many attempts. Please wait a minute and try again.' : `Too many attempts. Please wait ${minutes} minutes and try again.`;
}
