import { canonicalTimeZone } from '@parley/domain/geo';

/** The browser's IANA timezone by its current name ('Asia/Kolkata', where Chromium says 'Asia/Calcutta'), or UTC when the runtime does not say. */
export function browserTimeZone(): string {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  } catch {
    return 'UTC';
  }
}
