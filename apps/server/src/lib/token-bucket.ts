/**
 * A token bucket: up to `burst` takes at once, then `perSecond` as the bucket refills. Used per
 * connection to refuse floods (of chat messages, say) without slowing anyone who types.
 */
export type TokenBucket = { take(): boolean };

export function createTokenBucket(rate: { burst: number; perSecond: number }, now: () => number = Date.now): TokenBucket {
  let tokens = rate.burst;
  let at = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(rate.burst, tokens + ((t - at) / 1000) * rate.perSecond);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
