import { describe, expect, it, vi } from 'vitest';
import { countryOptions, timeZoneOptions } from './countries';

describe('countryOptions', () => {
  it('lists each country once, by the code in use (no retired DY, FX, DD, ZR, AN, HV)', () => {
    const options = countryOptions();
    const names = options.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['Benin', 'Burkina Faso', 'Congo - Kinshasa', 'Curaçao', 'France', 'Germany']) expect(names.filter((n) => n === name)).toHaveLength(1);
    const codes = options.map((c) => c.code);
    for (const retired of ['DY', 'FX', 'DD', 'ZR', 'AN', 'HV']) expect(codes).not.toContain(retired);
    expect(codes).toEqual(expect.arrayContaining(['BJ', 'FR', 'DE', 'CD', 'CW', 'BF', 'IN', 'US']));
  });
});

describe('timeZoneOptions', () => {
  it('offers zones by their current names, each once', () => {
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['Asia/Calcutta', 'Asia/Kolkata', 'Europe/Kiev', 'Europe/London']);
    expect(timeZoneOptions('Asia/Kolkata')).toEqual(['UTC', 'Asia/Kolkata', 'Europe/Kyiv', 'Europe/London']);
    vi.restoreAllMocks();
  });
});
