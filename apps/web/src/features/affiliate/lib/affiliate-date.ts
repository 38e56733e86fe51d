import { accountTimeZone } from '../../../shared/lib/account-time-zone';
import { formatInstant } from '../../../shared/lib/calendar-date';

/** "29 Nov 2026" (as dates read across the app): the day an instant falls on in the affiliate's own timezone (their record keeps it under INFLUENCER), else the browser's. */
export const affiliateDate = (iso: string) => formatInstant(iso, accountTimeZone('INFLUENCER'), 'd MMM yyyy');
