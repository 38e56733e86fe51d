import { describe, expect, it } from 'vitest';
import { MESSAGE_BURST, MESSAGES_PER_SECOND } from '@parley/domain/chat';
import { createKeyedBuckets, createTokenBucket } from './token-bucket';

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

  it('a clock set back takes nothing away, and it refills from there', () => {
    let now = 10_000;
    const bucket = createTokenBucket({ burst: 2, perSecond: 1 }, () => now);
    bucket.take();
    now -= 86_400_000;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 1_000;
    expect(bucket.take()).toBe(true);
  });

  it('says when it is full again', () => {
    let now = 0;
    const bucket = createTokenBucket({ burst: 2, perSecond: 1 }, () => now);
    expect(bucket.full()).toBe(true);
    bucket.take();
    expect(bucket.full()).toBe(false);
    now += 1_000;
    expect(bucket.full()).toBe(true);
  });
});

describe('createKeyedBuckets: one budget per person, shared by their connections', () => {
  const rate = { burst: 3, perSecond: 1 };

  it('shares one bucket among every connection of a key, and keeps keys apart', () => {
    const buckets = createKeyedBuckets(rate, { max: 10, now: () => 0 });
    buckets.open('ana');
    buckets.open('ana');
    buckets.open('ben');
    expect([buckets.take('ana'), buckets.take('ana'), buckets.take('ana'), buckets.take('ana')]).toEqual([true, true, true, false]);
    expect(buckets.take('ben')).toBe(true);
  });

  it('leaving and coming back does not refill the bucket: a key is kept until its bucket is full again', () => {
    let now = 0;
    const buckets = createKeyedBuckets(rate, { max: 10, now: () => now });
    buckets.open('ana');
    for (let i = 0; i < 3; i++) buckets.take('ana');
    buckets.close('ana');
    expect(buckets.size).toBe(1);
    buckets.open('ana');
    expect(buckets.take('ana')).toBe(false);
    buckets.close('ana');
    now += 3_000;
    // Full again and nobody connected: the next change forgets it.
    buckets.open('ben');
    expect(buckets.size).toBe(1);
  });

  it('forgets a key at once when its last connection leaves with the bucket full', () => {
    const buckets = createKeyedBuckets(rate, { max: 10, now: () => 0 });
    buckets.open('ana');
    buckets.open('ana');
    buckets.close('ana');
    expect(buckets.size).toBe(1);
    buckets.close('ana');
    expect(buckets.size).toBe(0);
  });

  it('never holds more than its bound', () => {
    const buckets = createKeyedBuckets(rate, { max: 100, now: () => 0 });
    for (let i = 0; i < 1_000; i++) {
      buckets.open(`person ${i}`);
      buckets.take(`person ${i}`);
    }
    expect(buckets.size).toBe(100);
    // A key forgotten while connected starts again with a full bucket rather than failing.
    expect(buckets.take('person 0')).toBe(true);
    buckets.close('person 0');
  });
});
