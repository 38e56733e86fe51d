import type { Redis } from 'ioredis';
import { BoundedMap } from '@parley/domain/bounded-map';
import { logRedisErrors, type RedisLog } from './redis';

/**
 * Values loaded on first use and kept for `ttlMs`. `invalidate` drops a key here and, through
 * Redis when configured, on every other node, so a change made on one node is seen everywhere.
 * While Redis does not answer, `invalidate` still drops the key here and logs; the other nodes'
 * copies then last until their `ttlMs` ends.
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
  log?: RedisLog;
  /**
   * Called on each node once its copy of a key is gone: through Redis, when the change comes back
   * from it (on every node, this one too, so whatever follows on a node follows its own drop);
   * without Redis, or when Redis could not be told, here at once.
   */
  onDropped?: (key: string) => void;
}): InvalidatingCache<V> {
  const dropped = options.onDropped ?? (() => {});
  const log = options.log ?? { warn: () => {} };
  const entries = new BoundedMap<string, { value: Promise<V>; expiresAt: number }>(options.maxEntries);
  const subscriber = options.redis ? logRedisErrors(options.redis.duplicate(), log, options.channel) : undefined;
  if (subscriber) {
    // ioredis subscribes again by itself after a reconnect; a first try that fails is only logged.
    subscriber.subscribe(options.channel).catch((error: unknown) => log.warn({ err: error, channel: options.channel }, 'could not subscribe to cache invalidations'));
    subscriber.on('message', (_channel, key: string) => {
      entries.delete(key);
      dropped(key);
    });
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
      if (!options.redis) return dropped(key);
      // Called after a write committed: a Redis that does not answer must not turn it into an
      // error, nor hold it through the client's retries.
      try {
        if (options.redis.status !== 'ready') throw new Error(`Redis is ${options.redis.status}`);
        await options.redis.publish(options.channel, key);
      } catch (error) {
        log.warn({ err: error, channel: options.channel }, 'could not tell the other nodes of a change');
        dropped(key);
      }
    },
    async close() {
      await subscriber?.quit();
    },
  };
}
