import { describe, expect, it } from 'vitest';
import { clockTime, countdownText, countdownWords } from './call-time';

describe('call times', () => {
  it('writes clock times in the viewer’s timezone, 12-hour as the rest of the app does', () => {
    const instant = new Date('2030-03-04T09:20:00Z');
    expect(clockTime(instant, 'Asia/Kolkata')).toBe('2:50 PM');
    expect(clockTime(instant, 'America/New_York')).toBe('4:20 AM');
  });

  it('counts down in minutes and seconds, with hours from an hour up', () => {
    expect(countdownText((12 * 60 + 34) * 1000)).toBe('12:34');
    expect(countdownText(59_001)).toBe('1:00');
    expect(countdownText((3600 + 2 * 60 + 3) * 1000)).toBe('1:02:03');
    expect(countdownText(-5000)).toBe('0:00');
    expect(countdownWords((12 * 60 + 1) * 1000)).toBe('12 minutes 1 second');
    expect(countdownWords(3_600_000)).toBe('1 hour 0 minutes 0 seconds');
  });
});
