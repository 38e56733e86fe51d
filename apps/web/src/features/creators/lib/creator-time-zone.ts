import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { getItem } from '../../../shared/lib/storage';

/** The creator's own timezone (their record keeps it under USER), else the browser's. */
export function creatorTimeZone(): string {
  return getItem('USER')?.timezone || browserTimeZone();
}
