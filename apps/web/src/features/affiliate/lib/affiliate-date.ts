import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { getItem } from '../../../shared/lib/storage';

/** "29 Nov 2026" (as dates read across the app): the day an instant falls on in the affiliate's own timezone (their record keeps it under INFLUENCER), else the browser's. */
export const affiliateDate = (iso: string) => formatInstant(iso, getItem('INFLUENCER')?.timezone || browserTimeZone(), 'd MMM yyyy');
