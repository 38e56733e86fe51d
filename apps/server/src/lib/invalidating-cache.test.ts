import { describe, expect, it } from 'vitest';
import { createInvalidatingCache } from './invalidating-cache';

describe('a cache shared through Redis while Redis does not answer', () => {
  it('still drops the key here and does not fail the write that changed it', async () => {
    const down = () => Promise.reject(new Error('Connection is closed.'));
    const subscriber = { on: () => subscriber, subscribe: down, quit: async () => 'OK' };
    const redis = { status: 'ready', duplicate: () => subscriber, publish: down };
    const warned: string[] = [];
    const dropped: string[] = [];
    let loads = 0;
    const cache = createInvalidatingCache({
      ttlMs: 60_000,
      maxEntries: 10,
      redis: redis as never,
      channel: 'test',
      log: { warn: (_details, message) => warned.push(message) },
      load: async (key) => `${key}-${++loads}`,
      onDropped: (key) => dropped.push(key),
    });
    expect(await cache.get('a')).toBe('a-1');
    await expect(cache.invalidate('a')).resolves.toBeUndefined();
    expect(await cache.get('a')).toBe('a-2');
    expect(warned).toContain('could not tell the other nodes of a change');
    expect(warned).toContain('could not subscribe to cache invalidations');
    // The other nodes were not told, so only this one's watchers hear of it: at once.
    expect(dropped).toEqual(['a']);
  });
});

describe('a cache on one node (no Redis)', () => {
  it('drops the key and says so at once', async () => {
    const dropped: string[] = [];
    let loads = 0;
    const cache = createInvalidatingCache({ ttlMs: 60_000, maxEntries: 10, channel: 'test', load: async (key) => `${key}-${++loads}`, onDropped: (key) => dropped.push(key) });
    expect(await cache.get('a')).toBe('a-1');
    await cache.invalidate('a');
    expect(dropped).toEqual(['a']);
    expect(await cache.get('a')).toBe('a-2');
  });
});
