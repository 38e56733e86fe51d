import { accountTimeZone } from '../../../shared/lib/account-time-zone';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** "3 Mar 2026": the calendar day an instant from the server falls on in `timeZone`. */
export function formatDay(iso: string, timeZone: string): string {
  return format(new TZDate(iso, timeZone), 'd MMM yyyy');
}

/** formatDay in the signed-in learner's timezone (the browser's for a visitor). */
export const formatViewerDay = (iso: string): string => formatDay(iso, accountTimeZone());
