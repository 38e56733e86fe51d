import { hasSession } from '../../../shared/lib/session';
import { getItem } from '../../../shared/lib/storage';

/**
 * Whether a learner is signed in. A creator's session shares TOKEN and USER with the learner's
 * (spec local-storage keys) but holds no learner cookie, so it browses the catalogue as a visitor:
 * a learner call made for it would answer 401 and sign the creator out.
 */
export function isSignedInLearner(): boolean {
  return hasSession('learner') && getItem('USER')?.role !== 'creator';
}
