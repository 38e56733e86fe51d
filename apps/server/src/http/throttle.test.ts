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

describe('the shared throttle while Redis does not answer', () => {
  it('counts on this node instead of failing, and logs it', async () => {
    const down = () => Promise.reject(new Error('Reached the max retries per request limit'));
    const redis = { status: 'ready', multi: () => ({ incr: () => ({ pexpire: () => ({ exec: down }) }) }), get: down, del: down };
    const warned: string[] = [];
    const throttle = createThrottle({ windowMs: 60_000, prefix: 'test', redis: redis as never, log: { warn: (_details, message) => warned.push(message) } });
    expect(await throttle.hit('a')).toBe(1);
    expect(await throttle.hit('a')).toBe(2);
    expect(await throttle.count('a')).toBe(2);
    await throttle.reset('a');
    expect(await throttle.count('a')).toBe(0);
    expect(warned[0]).toBe('Redis did not answer: counting on this node');
  });

  it('does not wait on a client that lost its connection', async () => {
    const untouchable = () => {
      throw new Error('asked Redis while it was down');
    };
    const throttle = createThrottle({ windowMs: 60_000, prefix: 'test', redis: { status: 'reconnecting', multi: untouchable, get: untouchable, del: untouchable } as never });
    expect(await throttle.hit('b')).toBe(1);
    expect(await throttle.count('b')).toBe(1);
  });
});
