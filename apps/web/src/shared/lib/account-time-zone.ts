import { useSyncExternalStore } from 'react';
import { browserTimeZone } from './browser-time-zone';
import { getItem, onStorageChange } from './storage';

/** Where a signed-in account's record is kept: learners, parents and creators under USER. */
type AccountRecord = 'USER' | 'INFLUENCER' | 'MODERATOR';

/** The zone an account's pages show times in: its record's, else the zone chosen as a visitor, else the browser's. */
export function accountTimeZone(record: AccountRecord = 'USER'): string {
  return getItem(record)?.timezone || getItem('TIMEZONE')?.timezone || browserTimeZone();
}

/** A kid's or a booker's own zone when its record has one, else the signed-in account's. */
export function ownTimeZone(record: object | null): string {
  if (record && 'timezone' in record && typeof record.timezone === 'string' && record.timezone) return record.timezone;
  return accountTimeZone();
}

/** accountTimeZone for a page: it follows the record when a refresh (or another tab) changes its zone. */
export function useAccountTimeZone(record: AccountRecord = 'USER'): string {
  const zone = () => accountTimeZone(record);
  return useSyncExternalStore(onStorageChange, zone, zone);
}

/** ownTimeZone for a page, following the signed-in account's record as useAccountTimeZone does. */
export function useOwnTimeZone(record: object | null): string {
  const zone = () => ownTimeZone(record);
  return useSyncExternalStore(onStorageChange, zone, zone);
}
