import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { countdownParts, expiryMessage, specBanners, visibleBanners } from './promo';

describe('specBanners', () => {
  it('holds JUNE30 and MEGA30 at 30% off', () => {
    expect(specBanners.map((b) => [b.code, b.discountPercent])).toEqual([
      ['JUNE30', 30],
      ['MEGA30', 30],
    ]);
  });
  it('ends JUNE30 after 2023-06-29 and MEGA30 after 2023-06-28, India time', () => {
    expect(specBanners[0]?.endsAt).toBe('2023-06-29T18:30:00.000Z'); // 2023-06-30 00:00 IST
    expect(specBanners[1]?.endsAt).toBe('2023-06-28T18:30:00.000Z'); // 2023-06-29 00:00 IST
  });
});

describe('visibleBanners', () => {
  const codesAt = (iso: string) => visibleBanners(specBanners, new Date(iso)).map((b) => b.code);
  it('shows both before 2023-06-28 ends', () => {
    expect(codesAt('2023-06-28T23:59:00+05:30')).toEqual(['JUNE30', 'MEGA30']);
  });
  it('hides MEGA30 from 2023-06-29 and JUNE30 from 2023-06-30 (IST)', () => {
    expect(codesAt('2023-06-29T00:00:00+05:30')).toEqual(['JUNE30']);
    expect(codesAt('2023-06-29T23:59:59+05:30')).toEqual(['JUNE30']);
    expect(codesAt('2023-06-30T00:00:00+05:30')).toEqual([]);
  });
  it('hides a banner whose end date cannot be read', () => {
    expect(visibleBanners([{ code: 'X', title: 'x', discountPercent: 10, endsAt: 'soon' }], new Date(0))).toEqual([]);
  });
});

describe('countdownParts', () => {
  const end = new Date('2023-06-29T18:30:00.000Z');
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = new Date(end.getTime() - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000);
    expect(countdownParts(end, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, isOver: false });
  });
  it('rounds a part-second up and is over exactly at the end', () => {
    expect(countdownParts(end, new Date(end.getTime() - 1))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
      isOver: false,
    });
    expect(countdownParts(end, end)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, isOver: true });
    expect(countdownParts(end, new Date(end.getTime() + 5000)).isOver).toBe(true);
    expect(countdownParts(new Date(Number.NaN), end).isOver).toBe(true);
  });
  it('adds back up to the time left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400 }), (secondsLeft) => {
        const p = countdownParts(end, new Date(end.getTime() - secondsLeft * 1000));
        expect(p.days * 86_400 + p.hours * 3600 + p.minutes * 60 + p.seconds).toBe(secondsLeft);
        expect(p.hours).toBeLessThan(24);
        expect(p.minutes).toBeLessThan(60);
        expect(p.seconds).toBeLessThan(60);
        expect(p.isOver).toBe(secondsLeft === 0);
      }),
    );
  });
});

describe('expiryMessage', () => {
  it('uses the spec wording', () => {
    expect(expiryMessage({ kind: 'subscription' })).toBe(messages.subscriptionExpired);
    expect(expiryMessage({ kind: 'subscription' })).toBe('Your subscription is expired');
    expect(expiryMessage({ kind: 'sessions', count: 3 })).toBe('Your 3 sessions is expired');
  });
});
