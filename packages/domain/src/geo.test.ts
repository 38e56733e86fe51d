import { describe, expect, it } from 'vitest';
import { countryForTimeZone, DEFAULT_COUNTRY } from './geo';
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
