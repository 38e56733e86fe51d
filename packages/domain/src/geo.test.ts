import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, countryForTimeZone, DEFAULT_COUNTRY } from './geo';
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
