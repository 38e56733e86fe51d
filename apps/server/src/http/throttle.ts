import type { Redis } from 'ioredis';
import type { RedisLog } from '../lib/redis';

/**
 * Counts attempts per key in a fixed window. In memory on one node; in Redis when REDIS_URL
 * is set so several API processes share the count.
 */
export type Throttle = {
  hit(key: string): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** In memory only: how many keys have an open window (Redis expires its own). */
  readonly trackedKeys?: number;
};

export function createThrottle(options: { windowMs: number; redis?: Redis | undefined; prefix: string; log?: RedisLog }): Throttle {
  const { windowMs, redis, prefix } = options;
  if (!redis) return createMemoryThrottle(windowMs);
  // While Redis does not answer, this node counts on its own (the limit then holds per node)
  // rather than refuse every login with an error.
  const local = createMemoryThrottle(windowMs);
  const orLocal =
    <A extends unknown[], R>(shared: (...args: A) => Promise<R>, onThisNode: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      // A client that lost its connection would hold each command through its retries first.
      if (redis.status !== 'ready') return onThisNode(...args);
      try {
        return await shared(...args);
      } catch (error) {
        options.log?.warn({ err: error, prefix }, 'Redis did not answer: counting on this node');
        return onThisNode(...args);
      }
    };
  return {
    hit: orLocal(async (key) => {
      const k = `${prefix}:${key}`;
      const [[, n]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[null, number]];
      return n;
    }, local.hit),
    count: orLocal(async (key) => Number((await redis.get(`${prefix}:${key}`)) ?? 0), local.count),
    reset: orLocal(async (key) => {
      await redis.del(`${prefix}:${key}`);
    }, local.reset),
  };
}

function createMemoryThrottle(windowMs: number): Throttle {
  // Every window is as long, and a key enters the map when its window opens, so the map is in
  // order of expiry: each hit drops the expired windows at its front, and keys never seen again
  // (one failed login from each of many addresses) do not pile up.
  const windows = new Map<string, { count: number; endsAt: number }>();
  const dropExpired = () => {
    const now = Date.now();
    for (const [key, w] of windows) {
      if (w.endsAt > now) break;
      windows.delete(key);
    }
  };
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.endsAt > Date.now()) return w;
    windows.delete(key);
    return undefined;
  };
  return {
    async hit(key) {
      dropExpired();
      const w = current(key) ?? { count: 0, endsAt: Date.now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return w.count;
    },
    async count(key) {
      return current(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    get trackedKeys() {
      return windows.size;
    },
  };
}
