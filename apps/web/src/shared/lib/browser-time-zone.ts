import { canonicalTimeZone } from '@parley/domain/geo';

// Asked once per page load: making a DateTimeFormat to read the zone costs a slow phone a few
// milliseconds each time, and pages ask on nearly every render.
let zone: string | undefined;

/** The browser's IANA timezone by its current name ('Asia/Kolkata', where Chromium says 'Asia/Calcutta'), or UTC when the runtime does not say. */
export function browserTimeZone(): string {
  if (zone === undefined) {
    try {
      zone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    } catch {
      zone = 'UTC';
    }
  }
  return zone;
}
