import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, countryCodes, countryForTimeZone, DEFAULT_COUNTRY, isCountryCode, knownCountryForTimeZone, mainTimeZoneOf, timeZoneForCountry } from './geo';
import { currencyForCountry } from './money';

describe('countryForTimeZone', () => {
  it('maps both Indian zone names to IN, so to INR', () => {
    expect(countryForTimeZone('Asia/Kolkata')).toBe('IN');
    expect(countryForTimeZone('Asia/Calcutta')).toBe('IN');
    expect(currencyForCountry(countryForTimeZone('Asia/Kolkata'))).toBe('INR');
  });
  it.each([
    ['America/New_York', 'US'],
    ['America/Los_Angeles', 'US'],
    ['Europe/London', 'GB'],
    ['Australia/Sydney', 'AU'],
    ['Pacific/Chatham', 'NZ'],
    ['Asia/Dubai', 'AE'],
    ['America/Toronto', 'CA'],
    ['Asia/Singapore', 'SG'],
  ])('%s → %s', (zone, country) => {
    expect(countryForTimeZone(zone)).toBe(country);
  });
  it('defaults to US for unknown zones', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(countryForTimeZone('Etc/UTC')).toBe('US');
    expect(countryForTimeZone('Nowhere/Special')).toBe('US');
  });
  it('lists only zones this runtime knows', () => {
    for (const zone of ['Asia/Kolkata', 'Pacific/Chatham', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires']) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
  });
});

describe('canonicalTimeZone', () => {
  it('gives the current IANA name for a zone ICU still reports by its old one', () => {
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('Asia/Saigon')).toBe('Asia/Ho_Chi_Minh');
    expect(canonicalTimeZone('America/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
  });

  it('leaves current names alone', () => {
    for (const zone of ['Asia/Kolkata', 'Europe/London', 'UTC', 'America/New_York']) expect(canonicalTimeZone(zone)).toBe(zone);
  });

  it('only ever names a zone this runtime accepts, in the same country', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const current = canonicalTimeZone(zone);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: current })).not.toThrow();
      if (current !== zone && countryForTimeZone(zone) !== DEFAULT_COUNTRY) expect(countryForTimeZone(current)).toBe(countryForTimeZone(zone));
    }
  });
});

describe('knownCountryForTimeZone', () => {
  it('names the country only when the zone says it: no guess for UTC or an unlisted zone', () => {
    expect(knownCountryForTimeZone('Asia/Calcutta')).toBe('IN');
    expect(knownCountryForTimeZone('America/Chicago')).toBe('US');
    expect(knownCountryForTimeZone('UTC')).toBeUndefined();
    expect(knownCountryForTimeZone('Etc/UTC')).toBeUndefined();
    expect(knownCountryForTimeZone('Nowhere/Special')).toBeUndefined();
  });
});

describe('timeZoneForCountry', () => {
  it('moves a zone that is not the country’s to the country’s zone, its most populous when it has several', () => {
    expect(timeZoneForCountry('IN', 'UTC')).toBe('Asia/Kolkata');
    expect(timeZoneForCountry('IN', 'America/New_York')).toBe('Asia/Kolkata');
    expect(timeZoneForCountry('US', 'UTC')).toBe('America/New_York');
    expect(timeZoneForCountry('AU', 'Asia/Kolkata')).toBe('Australia/Sydney');
    expect(timeZoneForCountry('GB', 'Europe/Dublin')).toBe('Europe/London');
  });

  it('keeps a zone that is already one of the country’s', () => {
    expect(timeZoneForCountry('US', 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(timeZoneForCountry('IN', 'Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(timeZoneForCountry('AU', 'Australia/Perth')).toBe('Australia/Perth');
  });

  it('keeps the zone for a country the table does not know', () => {
    expect(mainTimeZoneOf('FJ')).toBeUndefined();
    expect(timeZoneForCountry('FJ', 'Pacific/Fiji')).toBe('Pacific/Fiji');
    expect(timeZoneForCountry('FJ', 'UTC')).toBe('UTC');
  });

  it('picks, for every country it knows, a zone by its current name that this runtime accepts and that maps back to the country', () => {
    const countries = new Set(Intl.supportedValuesOf('timeZone').map(knownCountryForTimeZone).filter((c): c is string => c !== undefined));
    expect(countries.size).toBeGreaterThan(50);
    for (const country of countries) {
      const zone = mainTimeZoneOf(country)!;
      expect(canonicalTimeZone(zone)).toBe(zone);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
      expect(knownCountryForTimeZone(zone)).toBe(country);
      expect(timeZoneForCountry(country, 'UTC')).toBe(zone);
    }
  });
});

describe('countries', () => {
  it('are the ISO codes in use that Intl names, without regions that are not countries or retired aliases', () => {
    const codes = countryCodes();
    expect(codes).toEqual(expect.arrayContaining(['IN', 'US', 'GB', 'AE', 'XK']));
    expect(codes.length).toBeGreaterThan(240);
    for (const code of ['ZZ', 'EU', 'UN', 'XA', 'DY', 'FX', 'DD', 'AA']) expect(codes).not.toContain(code);
  });

  it('isCountryCode takes a country code in capitals only', () => {
    expect(isCountryCode('IN')).toBe(true);
    for (const code of ['ZZ', 'in', 'IND', '', 'I1']) expect(isCountryCode(code)).toBe(false);
  });
});
