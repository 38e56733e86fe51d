import { useTutorRecord } from '../../../shared/api/get-current-user';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';

/** The tutor's own timezone: sessions and availability are shown in it. */
export function useTutorTimeZone(): string {
  const profile = useTutorRecord();
  return profile.data?.timezone || browserTimeZone();
}
