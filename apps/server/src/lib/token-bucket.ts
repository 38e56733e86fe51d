import { BoundedMap } from '@parley/domain/bounded-map';

/**
 * A token bucket: up to `burst` takes at once, then `perSecond` as the bucket refills. Used per
 * person to refuse floods (of chat messages, say) without slowing anyone who types.
 */
export type TokenBucket = { take(): boolean; full(): boolean };
export type Rate = { burst: number; perSecond: number };

export function createTokenBucket(rate: Rate, now: () => number = Date.now): TokenBucket {
  let tokens = rate.burst;
  let at = now();
  const refill = () => {
    const t = now();
    // A clock set back (the app's clock in tests, a corrected system clock) refills nothing and takes nothing.
    tokens = Math.min(rate.burst, tokens + (Math.max(0, t - at) / 1000) * rate.perSecond);
    at = t;
  };
  return {
    take() {
      refill();
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    full() {
      refill();
      return tokens >= rate.burst;
    },
  };
}

/**
 * One token bucket per key (a person), shared by all of that key's connections on this node:
 * opening more connections brings no more budget. A key is held while any of its connections is
 * open, then until its bucket is full again, so leaving and coming back refills nothing; after
 * that it is forgotten (checked from the longest-idle key on every open and close). At most
 * `max` keys are kept: past that the oldest is forgotten, and starts again from a full bucket.
 */
export type KeyedBuckets = {
  open(key: string): void;
  close(key: string): void;
  take(key: string): boolean;
  readonly size: number;
};

type Held = { bucket: TokenBucket; connections: number };

export function createKeyedBuckets(rate: Rate, { max, now = Date.now }: { max: number; now?: () => number }): KeyedBuckets {
  const held = new BoundedMap<string, Held>(max);
  // Keys with no connection left, longest idle first: forgotten once their bucket is full.
  const idle = new Set<string>();
  const entry = (key: string) => held.get(key) ?? held.remember(key, { bucket: createTokenBucket(rate, now), connections: 0 });
  const forgetRefilled = () => {
    for (const key of idle) {
      const h = held.get(key);
      if (h && h.connections === 0 && !h.bucket.full()) break;
      idle.delete(key);
      if (h?.connections === 0) held.delete(key);
    }
  };
  return {
    open(key) {
      entry(key).connections += 1;
      idle.delete(key);
      forgetRefilled();
    },
    close(key) {
      const h = held.get(key);
      if (h) h.connections = Math.max(0, h.connections - 1);
      if (h?.connections === 0) idle.add(key);
      forgetRefilled();
    },
    take(key) {
      return entry(key).bucket.take();
    },
    get size() {
      return held.size;
    },
  };
}
