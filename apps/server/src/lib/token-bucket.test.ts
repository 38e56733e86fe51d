import { describe, expect, it } from 'vitest';
import { MESSAGE_BURST, MESSAGES_PER_SECOND } from '@parley/domain/chat';
import { createTokenBucket } from './token-bucket';

describe('createTokenBucket', () => {
  it('lets a burst through at once, then one a second', () => {
    let now = 1_000_000;
    const bucket = createTokenBucket({ burst: 10, perSecond: 1 }, () => now);
    expect(Array.from({ length: 10 }, () => bucket.take())).toEqual(Array(10).fill(true));
    expect(bucket.take()).toBe(false);
    now += 999;
    expect(bucket.take()).toBe(false);
    now += 1;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('refills to the burst and no further, however long it sat', () => {
    let now = 0;
    const bucket = createTokenBucket({ burst: 3, perSecond: 2 }, () => now);
    for (let i = 0; i < 3; i++) bucket.take();
    now += 60 * 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 500;
    expect(bucket.take()).toBe(true);
  });

  it('a refused try costs nothing: waiting long enough always lets the next one through', () => {
    let now = 0;
    const bucket = createTokenBucket({ burst: 1, perSecond: 1 }, () => now);
    bucket.take();
    for (let i = 0; i < 50; i++) expect(bucket.take()).toBe(false);
    now += 1_000;
    expect(bucket.take()).toBe(true);
  });

  it('chat: twenty messages at once, then three a second', () => {
    expect([MESSAGE_BURST, MESSAGES_PER_SECOND]).toEqual([20, 3]);
  });
});
