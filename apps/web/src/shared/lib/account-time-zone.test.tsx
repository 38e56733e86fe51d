import { afterEach, describe, expect, it } from 'vitest';
import { accountTimeZone, ownTimeZone } from './account-time-zone';
import { browserTimeZone } from './browser-time-zone';
import { removeItem, setItem } from './storage';

const user = (timezone: string) => ({ _id: 'u1', name: 'Asha', email: 'asha@example.com', timezone }) as never;

afterEach(() => localStorage.clear());

describe('the zone an account sees times in', () => {
  it("is the account record's zone", () => {
    setItem('USER', user('Asia/Kolkata'));
    setItem('MODERATOR', user('America/New_York'));
    setItem('INFLUENCER', user('Europe/London'));
    expect(accountTimeZone()).toBe('Asia/Kolkata');
    expect(accountTimeZone('MODERATOR')).toBe('America/New_York');
    expect(accountTimeZone('INFLUENCER')).toBe('Europe/London');
  });

  it('falls back to the zone chosen as a visitor, then to the browser, when the record has none', () => {
    setItem('USER', user(''));
    setItem('TIMEZONE', { country: 'AU', timezone: 'Australia/Sydney' });
    expect(accountTimeZone()).toBe('Australia/Sydney');
    removeItem('TIMEZONE');
    expect(accountTimeZone()).toBe(browserTimeZone());
  });

  it("prefers a kid's or booker's own zone, else the account's", () => {
    setItem('USER', user('Asia/Kolkata'));
    expect(ownTimeZone({ _id: 'k1', name: 'Aarav', timezone: 'Asia/Dubai' })).toBe('Asia/Dubai');
    expect(ownTimeZone({ _id: 'k2', name: 'Diya', timezone: '' })).toBe('Asia/Kolkata');
    expect(ownTimeZone({ _id: 'k3', name: 'Diya' })).toBe('Asia/Kolkata');
    expect(ownTimeZone(null)).toBe('Asia/Kolkata');
  });
});
