import { canonicalTimeZone, countryCodes, countryForTimeZone } from '@parley/domain/geo';
import { browserTimeZone } from './browser-time-zone';
import { getItem, setItem, type TimezoneRecord } from './storage';
import { hasSession } from './session';

// Country and timezone choices for forms, and the visitor's timezone record.

/** How a zone reads in the Timezone select: 'America/Port of Spain'. */
export const timeZoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * The Timezone select's zones by current names, each once, in the order of the names shown: ICU
 * lists 'Asia/Calcutta' (between Brunei and Chita) for the 'Asia/Kolkata' it is shown as.
 */
export function timeZoneOptions(current?: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone').map(canonicalTimeZone);
  } catch {
    zones = [];
  }
  // The form's zone and UTC are offered too when Intl does not list them (Chrome and Node list no UTC).
  const unique = [...new Set([current, 'UTC', ...zones].filter((z): z is string => !!z))];
  return unique.sort((a, b) => timeZoneLabel(a).localeCompare(timeZoneLabel(b), 'en'));
}

// Made on first use: loading the region names costs a slow phone about 30 ms, which every page
// that imports this module would otherwise pay while it starts.
let regionNames: Intl.DisplayNames | null | undefined;

export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  return regionNames?.of(code) ?? code;
}

let allCountries: { code: string; name: string }[] | null = null;

/** Every ISO 3166 country Intl can name, sorted by English name (no hand-kept list to rot). */
export function countryOptions(current?: string): { code: string; name: string }[] {
  allCountries ??= countryCodes()
    .map((code) => ({ code, name: countryName(code) }))
    .sort((x, y) => x.name.localeCompare(y.name));
  if (current && !allCountries.some((c) => c.code === current)) return [{ code: current, name: current }, ...allCountries];
  return allCountries;
}

/** The browser's timezone and the country it implies. */
export function browserTimezoneRecord(): TimezoneRecord {
  const timezone = browserTimeZone();
  return { timezone, country: countryForTimeZone(timezone) };
}

/** TIMEZONE from storage, created from the browser on first use. */
export function visitorTimezoneRecord(): TimezoneRecord {
  const stored = getItem('TIMEZONE');
  if (stored && typeof stored.country === 'string' && typeof stored.timezone === 'string') return stored;
  const record = browserTimezoneRecord();
  setItem('TIMEZONE', record);
  return record;
}

/** The country prices are shown for: the signed-in user's, else the browser timezone's. */
export function visitorCountry(): string {
  const user = getItem('USER');
  // USER is the learner's record, or a peer-only account's (the peer sign-in keeps it there).
  const signedIn = hasSession('learner') || hasSession('peer');
  if (signedIn && user && typeof user.country === 'string' && user.country) return user.country;
  return visitorTimezoneRecord().country;
}
