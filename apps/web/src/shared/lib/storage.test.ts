import { describe, expect, it, vi } from 'vitest';
import { userRecord } from '../../test/fixtures';
import { getItem, hasItem, removeItem, setItem } from './storage';

describe('storage', () => {
  it('keeps the page working when the browser refuses to store (full quota, private mode)', () => {
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => setItem('TOKEN', 'handle-abc')).not.toThrow();
    expect(getItem('TOKEN')).toBeNull();
    refuse.mockRestore();
  });

  it('keeps token handles as raw strings under the spec key names', () => {
    setItem('TOKEN', 'handle-abc');
    expect(window.localStorage.getItem('TOKEN')).toBe('handle-abc');
    expect(getItem('TOKEN')).toBe('handle-abc');
    expect(hasItem('TOKEN')).toBe(true);
    removeItem('TOKEN');
    expect(getItem('TOKEN')).toBeNull();
    expect(hasItem('TOKEN')).toBe(false);
  });

  it('round-trips records as JSON', () => {
    const user = userRecord();
    setItem('USER', user);
    expect(JSON.parse(window.localStorage.getItem('USER')!)).toEqual(user);
    expect(getItem('USER')).toEqual(user);
    setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' });
    expect(getItem('TIMEZONE')).toEqual({ timezone: 'Asia/Kolkata', country: 'IN' });
    setItem('UTM_PARAMS', { utm_source: 'news' });
    expect(getItem('UTM_PARAMS')).toEqual({ utm_source: 'news' });
  });

  it('reads missing, empty, corrupt or non-object JSON values as null', () => {
    expect(getItem('USER')).toBeNull();
    window.localStorage.setItem('USER', '{not json');
    expect(getItem('USER')).toBeNull();
    window.localStorage.setItem('TIMEZONE', '"just a string"');
    expect(getItem('TIMEZONE')).toBeNull();
    window.localStorage.setItem('KID_TOKEN', '');
    expect(getItem('KID_TOKEN')).toBeNull();
  });
});
