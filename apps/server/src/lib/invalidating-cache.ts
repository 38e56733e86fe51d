import type { Redis } from 'ioredis';
import { BoundedMap } from '@parley/domain/bounded-map';

/**
 * Values loaded on first use and kept for `ttlMs`. `invalidate` drops a key here and, through
 * Redis when configured, on every other node, so a change made on one node is seen everywhere.
 */
export type InvalidatingCache<V> = {
  get(key: string): Promise<V>;
  invalidate(key: string): Promise<void>;
  close(): Promise<void>;
};

export function createInvalidatingCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  load: (key: string) => Promise<V>;
  redis?: Redis | undefined;
  channel: string;
}): InvalidatingCache<V> {
  const entries = new BoundedMap<string, { value: Promise<V>; expiresAt: number }>(options.maxEntries);
  const subscriber = options.redis?.duplicate();
  if (subscriber) {
    void subscriber.subscribe(options.channel);
    subscriber.on('message', (_channel, key: string) => entries.delete(key));
  }
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > Date.now()) return entry.value;
      const value = options.load(key);
      entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
      value.catch(() => entries.delete(key));
      return value;
    },
    async invalidate(key) {
      entries.delete(key);
      await options.redis?.publish(options.channel, key);
    },
    async close() {
      await subscriber?.quit();
    },
  };
}
