import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutboxResponse } from '@parley/domain/mail';
import { mailOutbox } from '../../db/schema';
import { createOutboxOnlyTransport, createSmtpTransport, type SmtpSender } from '../../mail/mail-transport';
import { createTestApp, type TestApp } from '../../test/harness';
import { createTwilioSms } from '../../sms/sms-transport';
import { deliverQueuedMail, MAIL_RETRY_LIMIT, MAIL_SEND_JOB, MAIL_STUCK_SENDING_MS, queueMail, queueSms, sendQueuedMail } from './mail.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const outboxRow = async (id: string) => (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** An SMTP transport over a fake nodemailer sender that records each message (and can refuse). */
function fakeSmtp(refuseWith?: string) {
  const sent: Parameters<SmtpSender['sendMail']>[0][] = [];
  const sender: SmtpSender = {
    async sendMail(mail) {
      if (refuseWith) throw new Error(refuseWith);
      sent.push(mail);
      return { messageId: `<${sent.length}@test>` };
    },
  };
  return { sent, transport: createSmtpTransport({ from: 'Parley <hello@parley.test>', sender }) };
}

async function withTransport<T>(transport: TestApp['ctx']['mail'], run: () => Promise<T>): Promise<T> {
  const before = t.ctx.mail;
  t.ctx.mail = transport;
  try {
    return await run();
  } finally {
    t.ctx.mail = before;
  }
}

describe('the outbox', () => {
  it('keeps a message queued in a transaction once the job runs, and lists it in the development outbox', async () => {
    const id = await t.ctx.db.transaction((tx) =>
      queueMail(tx, { to: 'Friend@Example.com', subject: 'A course for you', text: 'Redeem it at http://localhost:3000/courses/gift/abc', topic: 'gift:1' }),
    );
    expect(await outboxRow(id)).toMatchObject({ status: 'queued', attempts: 0, toAddress: 'Friend@Example.com', topic: 'gift:1' });
    await sendQueuedMail(t.ctx, id);
    expect((await until(() => outboxRow(id), (row) => row.status !== 'queued')).status).toBe('kept');

    const res = await t.client().get('/api/dev/outbox?to=friend@example.com');
    expect(res.statusCode).toBe(200);
    const { items } = devOutboxResponse.parse(res.json());
    expect(items).toEqual([{ _id: id, channel: 'mail', to: 'Friend@Example.com', subject: 'A course for you', text: 'Redeem it at http://localhost:3000/courses/gift/abc', status: 'kept', createdAt: expect.any(String) }]);
  });

  it('lists the newest first, at most 50, and only the address asked for', async () => {
    await t.ctx.db.insert(mailOutbox).values(
      Array.from({ length: 55 }, (_, i) => ({ toAddress: `many${i % 2}@example.com`, subject: `Message ${i}`, textBody: 'x', status: 'kept' as const, createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)) })),
    );
    const all = devOutboxResponse.parse((await t.client().get('/api/dev/outbox')).json()).items;
    expect(all).toHaveLength(50);
    expect(all[0]!.subject).toBe('Message 54');
    const one = devOutboxResponse.parse((await t.client().get('/api/dev/outbox?to=many1@example.com')).json()).items;
    expect(one.map((m) => m.subject)).toEqual(Array.from({ length: 27 }, (_, i) => `Message ${53 - 2 * i}`));
    expect((await t.client().get('/api/dev/outbox?to=not-an-address')).statusCode).toBe(400);
  });
});

describe('SMTP', () => {
  it('sends through nodemailer with the configured sender, once', async () => {
    const smtp = fakeSmtp();
    const id = await queueMail(t.ctx.db, { to: 'learner@example.com', subject: 'Your gift', text: 'Plain words', html: '<p>Plain words</p>' });
    await withTransport(smtp.transport, async () => {
      await sendQueuedMail(t.ctx, id);
      await until(() => outboxRow(id), (row) => row.status !== 'queued' && row.status !== 'sending');
    });
    expect(smtp.sent).toEqual([{ from: 'Parley <hello@parley.test>', to: 'learner@example.com', subject: 'Your gift', text: 'Plain words', html: '<p>Plain words</p>' }]);
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // A second delivery of the same job sends nothing.
    await withTransport(smtp.transport, () => deliverQueuedMail(t.ctx, id));
    expect(smtp.sent).toHaveLength(1);
  });

  it('records a refused try and throws for a retry; gives up after the last retry', async () => {
    const id = await queueMail(t.ctx.db, { to: 'bounce@example.com', subject: 'Hello', text: 'Body text stays private' });
    const refusing = fakeSmtp('550 mailbox unavailable');
    await expect(withTransport(refusing.transport, () => deliverQueuedMail(t.ctx, id))).rejects.toThrow('550 mailbox unavailable');
    expect(await outboxRow(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: '550 mailbox unavailable', sentAt: null });

    const working = fakeSmtp();
    await withTransport(working.transport, () => deliverQueuedMail(t.ctx, id));
    expect(working.sent).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    const hopeless = await queueMail(t.ctx.db, { to: 'gone@example.com', subject: 'Hello', text: 'x' });
    await t.ctx.db.update(mailOutbox).set({ attempts: MAIL_RETRY_LIMIT }).where(eq(mailOutbox.id, hopeless));
    await withTransport(refusing.transport, () => deliverQueuedMail(t.ctx, hopeless));
    expect(await outboxRow(hopeless)).toMatchObject({ status: 'failed', attempts: MAIL_RETRY_LIMIT + 1 });
  });

  it('holds no transaction while the mail server answers: the message shows as sending, and the server keeps serving', async () => {
    const id = await queueMail(t.ctx.db, { to: 'slow-server@example.com', subject: 'Slow', text: 'x' });
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const inSend = new Promise<void>((resolve) => (reached = resolve));
    const slow = createSmtpTransport({
      from: 'Parley <hello@parley.test>',
      sender: {
        async sendMail() {
          reached();
          await answered;
          return { messageId: '<slow@test>' };
        },
      },
    });
    await withTransport(slow, async () => {
      const delivery = deliverQueuedMail(t.ctx, id);
      try {
        await inSend;
        // Before, the row lock (on PGlite: the whole database) was held until the server answered.
        const listed = await Promise.race([t.client().get('/api/dev/outbox?to=slow-server@example.com'), sleep(5_000).then(() => 'blocked' as const)]);
        expect(listed).not.toBe('blocked');
        if (listed === 'blocked') return;
        expect(devOutboxResponse.parse(listed.json()).items).toMatchObject([{ _id: id, status: 'sending' }]);
        expect(await outboxRow(id)).toMatchObject({ status: 'sending', attempts: 1 });
        // A second job for the same message meanwhile sends nothing.
        await deliverQueuedMail(t.ctx, id);
      } finally {
        release();
        await delivery;
      }
    });
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('builds a real nodemailer transport from an SMTP URL', () => {
    expect(createSmtpTransport({ url: 'smtp://user:pass@127.0.0.1:2525', from: 'Parley <a@b.c>' }).kind).toBe('smtp');
    expect(createOutboxOnlyTransport().kind).toBe('outbox');
  });
});

/** Two messages left `sending`: one by a process that died over ten minutes ago, one being sent now. */
async function stuckAndInFlight(tag: string) {
  const now = Date.now();
  const sending = (address: string, startedAt: number) => ({ toAddress: `${address}-${tag}@example.com`, subject: address, textBody: 'x', status: 'sending' as const, attempts: 1, sentAt: new Date(startedAt) });
  return t.ctx.db
    .insert(mailOutbox)
    .values([sending('stuck', now - MAIL_STUCK_SENDING_MS - 60_000), sending('in-flight', now - 60_000)])
    .returning({ id: mailOutbox.id });
}

describe('a job retried after its process died', () => {
  it('sends a message left sending for over ten minutes, and leaves one another process is sending now', async () => {
    const [stuck, sending] = await stuckAndInFlight('retried');
    await deliverQueuedMail(t.ctx, stuck!.id);
    await deliverQueuedMail(t.ctx, sending!.id);
    expect(await outboxRow(stuck!.id)).toMatchObject({ status: 'kept', attempts: 2 });
    expect(await outboxRow(sending!.id)).toMatchObject({ status: 'sending', attempts: 1 });
  });
});

describe('after a restart', () => {
  it('queues again every message a crash left unsent, and one left sending for over ten minutes', async () => {
    // Committed, but the process died before handing it to the job queue.
    const id = await queueMail(t.ctx.db, { to: 'waiting@example.com', subject: 'Waiting', text: 'x' });
    // Claimed by a process that died while the mail server answered; and one still being sent elsewhere.
    const [stuck, sending] = await stuckAndInFlight('restart');
    await sleep(1_500);
    expect((await outboxRow(id)).status).toBe('queued');
    const restarted = await createTestApp({ database: t.ctx.database });
    try {
      // Waits for the end state: the row passes through 'sending' on its way to 'kept'.
      expect((await until(() => outboxRow(id), (row) => row.status === 'kept')).status).toBe('kept');
      expect(await until(() => outboxRow(stuck!.id), (row) => row.status === 'kept')).toMatchObject({ status: 'kept', attempts: 2 });
      expect(await outboxRow(sending!.id)).toMatchObject({ status: 'sending', attempts: 1 });
    } finally {
      await restarted.close();
    }
  });

  it('leaves a message whose job waits for its next try to that job: restarts do not use up its tries', async () => {
    const id = await queueMail(t.ctx.db, { to: 'retrying@example.com', subject: 'Retrying', text: 'x' });
    // Its job failed a try and waits for the next one.
    await t.ctx.jobs.send(MAIL_SEND_JOB, { outboxId: id }, { startAfter: new Date(Date.now() + 60 * 60_000) });
    const jobsFor = async () => ((await t.ctx.db.execute(sql`select 1 from pgboss.job where name = ${MAIL_SEND_JOB} and data ->> 'outboxId' = ${id}`)) as { rows: unknown[] }).rows.length;
    expect(await jobsFor()).toBe(1);
    for (let i = 0; i < 2; i += 1) {
      const restarted = await createTestApp({ database: t.ctx.database });
      await restarted.close();
    }
    expect(await jobsFor()).toBe(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('with real mail or real money', () => {
  it('has no development outbox in production, with SMTP configured, or with Razorpay', async () => {
    const razorpay = { PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_outbox', RAZORPAY_KEY_SECRET: 'key-secret', RAZORPAY_WEBHOOK_SECRET: 'webhook-secret', RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' };
    const envs: Record<string, string>[] = [{ NODE_ENV: 'production', PUBLIC_URL: 'https://parley.example', PAYMENT_PROVIDER: 'sandbox', BANK_DETAILS_KEY: 'cd'.repeat(32) }, { SMTP_URL: 'smtp://user:pass@127.0.0.1:2525' }, razorpay];
    for (const env of envs) {
      const app = await createTestApp({ env });
      try {
        const res = await app.client().get('/api/dev/outbox');
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      } finally {
        await app.close();
      }
    }
  });
});

describe('text messages', () => {
  it('go through the SMS transport, never the mail one, and a sent code is not kept in the outbox', async () => {
    const requests: URLSearchParams[] = [];
    const twilio = createTwilioSms({ accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'secret-token-123456', from: '+15005550006' }, async (_url, init) => {
      requests.push(init!.body as URLSearchParams);
      return new Response('{}', { status: 201 });
    });
    const smtp = fakeSmtp();
    const id = await queueSms(t.ctx.db, { to: '+91 98200 12345', text: '482913 is your Parley code.' });
    const before = t.ctx.sms;
    t.ctx.sms = twilio;
    try {
      await withTransport(smtp.transport, () => deliverQueuedMail(t.ctx, id));
    } finally {
      t.ctx.sms = before;
    }
    expect(requests.map((body) => Object.fromEntries(body))).toEqual([{ To: '+919820012345', From: '+15005550006', Body: '482913 is your Parley code.' }]);
    expect(smtp.sent).toEqual([]);
    const row = await outboxRow(id);
    expect(row).toMatchObject({ channel: 'sms', status: 'sent', attempts: 1 });
    expect(row.textBody).not.toContain('482913');
  });

  it('without a provider, stay in the outbox for the development page', async () => {
    const id = await queueSms(t.ctx.db, { to: '+91 98200 54321', text: '135790 is your Parley code.' });
    await deliverQueuedMail(t.ctx, id);
    expect(await outboxRow(id)).toMatchObject({ channel: 'sms', status: 'kept', textBody: '135790 is your Parley code.' });
  });
});
