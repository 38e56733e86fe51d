import { useTutorRecord } from '../../../shared/api/get-current-user';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';

/**
 * The tutor's own timezone: sessions and availability are shown in it. Null while the profile
 * loads, so no time is shown in the browser's zone first and then moved (the browser's zone is
 * the fallback only for a profile without one, or one that could not be read).
 */
export function useTutorTimeZone(): string | null {
  const profile = useTutorRecord();
  if (profile.isPending) return null;
  return profile.data?.timezone || browserTimeZone();
}
