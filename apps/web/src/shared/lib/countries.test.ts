import { afterEach, describe, expect, it, vi } from 'vitest';
import { userRecord } from '../../test/fixtures';
import { countryOptions, timeZoneLabel, timeZoneOptions, visitorCountry } from './countries';
import { removeItem, setItem } from './storage';

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
    expect(timeZoneOptions('Asia/Kolkata')).toEqual(['Asia/Kolkata', 'Europe/Kyiv', 'Europe/London', 'UTC']);
    vi.restoreAllMocks();
  });

  it('sorts by the name shown, not by the old name a zone had (Asia/Calcutta is shown as Asia/Kolkata)', () => {
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['America/Port_of_Spain', 'America/Porto_Velho', 'Asia/Brunei', 'Asia/Calcutta', 'Asia/Chita', 'Asia/Kathmandu', 'Asia/Katmandu', 'Asia/Kuwait']);
    const labels = timeZoneOptions('Asia/Kolkata').map(timeZoneLabel);
    expect(labels).toEqual(['America/Port of Spain', 'America/Porto Velho', 'Asia/Brunei', 'Asia/Chita', 'Asia/Kathmandu', 'Asia/Kolkata', 'Asia/Kuwait', 'UTC']);
    vi.restoreAllMocks();
  });

  it('lists every zone the browser knows in the order of the names shown', () => {
    const labels = timeZoneOptions().map(timeZoneLabel);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(labels.indexOf('Asia/Kolkata')).toBeGreaterThan(labels.indexOf('Asia/Chita'));
  });
});

describe('visitorCountry', () => {
  afterEach(() => localStorage.clear());

  it('is the signed-in account’s country, a peer-only account’s too, else the browser zone’s', () => {
    setItem('TIMEZONE', { timezone: 'America/New_York', country: 'US' });
    expect(visitorCountry()).toBe('US');
    setItem('USER', userRecord({ country: 'IN' }));
    setItem('PEER_TOKEN', 'peer-handle');
    expect(visitorCountry()).toBe('IN');
    removeItem('PEER_TOKEN');
    setItem('TOKEN', 'h');
    expect(visitorCountry()).toBe('IN');
  });
});
