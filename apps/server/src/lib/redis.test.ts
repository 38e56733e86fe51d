import { describe, expect, it } from 'vitest';
import { openRedis, redactedRedisUrl } from './redis';

const quiet = { warn: () => {} };

describe('Redis at start', () => {
  it('stops the start with a message that names REDIS_URL, without its password, when nothing answers', async () => {
    await expect(openRedis('redis://:hunter2-secret@127.0.0.1:6391', quiet, 2_000)).rejects.toThrow(
      /REDIS_URL: Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:6391 cannot be reached/,
    );
  });

  it('keeps the password out of the address it shows', () => {
    expect(redactedRedisUrl('rediss://user:pw@cache.internal:6380/2')).toBe('rediss://user:***@cache.internal:6380/2');
    expect(redactedRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});

describe.runIf(process.env.REDIS_URL)('with Redis running', () => {
  it('opens and answers', async () => {
    const client = await openRedis(process.env.REDIS_URL!, quiet);
    try {
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
    }
  });
});
