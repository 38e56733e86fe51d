import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { ConfigError } from '../config';

export type RedisLog = { warn(details: object, message: string): void };

/** How often one client's connection errors reach the log while Redis stays away (ioredis reports every reconnect). */
const ERROR_LOG_EVERY_MS = 30_000;
/** How long a start waits for Redis to answer before it stops with a message that names REDIS_URL. */
export const REDIS_START_TIMEOUT_MS = 5_000;

/** The URL as a log may show it: without its password. */
export function redactedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Gives a client (or a duplicate, which does not inherit listeners) an error listener: without
 * one, every failed reconnect prints "Unhandled error event". Logged at most every 30 s.
 */
export function logRedisErrors(client: Redis, log: RedisLog, name: string): Redis {
  let loggedAt = 0;
  client.on('error', (error: Error) => {
    if (Date.now() - loggedAt < ERROR_LOG_EVERY_MS) return;
    loggedAt = Date.now();
    log.warn({ err: error, client: name }, 'Redis cannot be reached; retrying');
  });
  return client;
}

/** Opens the Redis client and waits for an answer, so a wrong or unreachable REDIS_URL stops the start with a message that names it. */
export async function openRedis(url: string, log: RedisLog, timeoutMs = REDIS_START_TIMEOUT_MS): Promise<Redis> {
  const client = logRedisErrors(new Redis(url, { maxRetriesPerRequest: 3 }), log, 'main');
  const answer = await Promise.race([
    client.ping().then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    ),
    sleep(timeoutMs, `no answer within ${timeoutMs / 1000} s`, { ref: false }),
  ]);
  if (answer === null) return client;
  client.disconnect();
  throw new ConfigError([`REDIS_URL: Redis at ${redactedRedisUrl(url)} cannot be reached (${answer})`]);
}
