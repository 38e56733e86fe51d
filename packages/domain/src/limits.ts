import { HEADER_SHADOW_SCROLL_PX, MAX_KID_PROFILES, PEER_CALL_MIN_MINUTES } from './constants';

// Small yes/no rules with a number or a status in them (spec §2.9, §4, §5, §6, §9).

/** spec §2.9, §5: Add kid appears only when fewer than 3 kids exist. */
export function canAddKid(kidCount: number): boolean {
  return kidCount < MAX_KID_PROFILES;
}

/** spec §5, §9: a peer call needs at least 5 available minutes. */
export function canStartPeerCall(availableMinutes: number): boolean {
  return availableMinutes >= PEER_CALL_MIN_MINUTES;
}

/** spec §2.9, §9: the landing header gains a shadow when scrolled more than 140 px. */
export function headerHasShadow(scrollYPx: number): boolean {
  return scrollYPx > HEADER_SHADOW_SCROLL_PX;
}

/** spec §4, §6: the affiliate link copy is enabled only when the status is empty or Approved. */
export function canCopyInfluencerLink(status: string | null | undefined): boolean {
  return status == null || status === '' || status === 'Approved';
}

/** spec §2.9: Favourite is hidden for new-curriculum learners. */
export function showsFavourite({ isNewCurriculum }: { isNewCurriculum: boolean }): boolean {
  return !isNewCurriculum;
}

/** spec §2.9: chat file upload is offered only for IELTS. */
export function chatAllowsFileUpload(subject: string): boolean {
  return subject === 'IELTS';
}
