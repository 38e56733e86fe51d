import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/harness';
import { userChannel } from './publisher';
import { reportPublishFailures } from './socket';

describe('a realtime publish Redis refuses', () => {
  it('is reported, not left as an unhandled rejection, and the caller still gets the answer', async () => {
    const refusal = new Error('Connection is closed.');
    const client = { publish: vi.fn((_channel: string, _message: string) => Promise.reject(refusal)) };
    const reported: unknown[] = [];
    reportPublishFailures(client, (error) => reported.push(error));

    const sent = client.publish('room#', 'packet');
    // The adapter drops the promise it gets back; only the report hears of the refusal.
    await expect(sent).rejects.toBe(refusal);
    expect(reported).toEqual([refusal]);
  });

  it('leaves a publish that goes through alone', async () => {
    const client = { publish: vi.fn(async (_channel: string, _message: string) => 1) };
    const reported: unknown[] = [];
    reportPublishFailures(client, (error) => reported.push(error));

    expect(await client.publish('room#', 'packet')).toBe(1);
    expect(reported).toEqual([]);
  });
});

describe.runIf(process.env.REDIS_URL)('closing a node through Redis', () => {
  it('lets a job that is running finish and push its event before the Redis connections quit', async () => {
    let log = '';
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    const t = await createTestApp({ logStream, env: { LOG_LEVEL: 'warn' } });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      await t.ctx.jobs.define('test-push-while-closing', async () => {
        started();
        await finished;
        const now = new Date().toISOString();
        t.ctx.realtime.emit([userChannel('someone')], 'notification', { _id: 'n1', kind: 'test', title: 'Late', body: 'Pushed while closing', link: null, readAt: null, createdAt: now });
      });
      await t.ctx.jobs.send('test-push-while-closing', {});
      await running;

      const closing = t.close();
      // Long enough for every close hook that does not wait for the job to have run.
      await sleep(300);
      finish();
      await closing;
      await sleep(100);

      expect(unhandled).toEqual([]);
      expect(log).not.toContain('did not reach Redis');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
