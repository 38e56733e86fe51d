import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle';

afterEach(() => {
  vi.useRealTimers();
});

describe('the in-memory throttle', () => {
  it('counts hits per key within the window, and starts again after it', async () => {
    vi.useFakeTimers();
    const throttle = createThrottle({ windowMs: 60_000, prefix: 'test' });
    expect(await throttle.hit('a')).toBe(1);
    expect(await throttle.hit('a')).toBe(2);
    expect(await throttle.count('b')).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(await throttle.count('a')).toBe(0);
    expect(await throttle.hit('a')).toBe(1);
  });

  it('forgets keys whose window has passed, even when they are never asked about again', async () => {
    vi.useFakeTimers();
    const throttle = createThrottle({ windowMs: 60_000, prefix: 'test' });
    for (let i = 0; i < 1000; i++) await throttle.hit(`address-${i}`);
    expect(throttle.trackedKeys).toBe(1000);
    vi.advanceTimersByTime(30_000);
    await throttle.hit('late');
    expect(throttle.trackedKeys).toBe(1001);
    vi.advanceTimersByTime(30_000);
    await throttle.hit('later');
    // The first thousand windows ended; 'late' is still open.
    expect(throttle.trackedKeys).toBe(2);
  });
});
