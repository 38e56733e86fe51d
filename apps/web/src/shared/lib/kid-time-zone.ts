import { browserTimeZone } from './browser-time-zone';
import { getItem, type KidProfile } from './storage';

/** The timezone kid pages show times in: the kid's record, else the parent's, else the browser's. */
export function kidViewerTimeZone(kid: KidProfile | null): string {
  if (kid && 'timezone' in kid && kid.timezone) return kid.timezone;
  return getItem('USER')?.timezone ?? getItem('TIMEZONE')?.timezone ?? browserTimeZone();
}
