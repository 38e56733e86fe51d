import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { accountTimeZone, ownTimeZone, useAccountTimeZone, useOwnTimeZone } from './account-time-zone';
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

describe('a page showing times', () => {
  function Zones({ kid }: { kid: object | null }) {
    return (
      <p>
        {useAccountTimeZone()} / {useOwnTimeZone(kid)}
      </p>
    );
  }

  it('follows the account record when a refresh writes a new zone, without a reload', () => {
    setItem('USER', user('America/New_York'));
    render(<Zones kid={{ _id: 'k1', name: 'Diya' }} />);
    expect(screen.getByText('America/New_York / America/New_York')).toBeInTheDocument();
    act(() => setItem('USER', user('Europe/London')));
    expect(screen.getByText('Europe/London / Europe/London')).toBeInTheDocument();
  });
});
