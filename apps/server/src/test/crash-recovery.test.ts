import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToIsoDate, isoDateInZone } from '@parley/domain/zoned-time';
import { openDatabase, type Database } from '../db/client';
import { chatMessages, liveSessions, paymentOrders, walletEntries, wallets } from '../db/schema';
import { socketOpener, type LiveSocket } from './live-socket';
import { HttpClient, serverPlace, startServer, type HttpReply, type ServerProcess } from './server-process';

/*
 * kill -9 in the middle of top-ups, bookings and chat: after a restart, everything the server
 * acknowledged is still there, and every wallet's ledger adds up to its balance.
 */

type Learner = { index: number; id: string; http: HttpClient; roomId: string; socket: LiveSocket };

const TZ = 'Asia/Kolkata';
const LEARNERS = 4;

const acked = {
  orders: [] as { userId: string; orderId: string }[],
  credits: [] as { userId: string; orderId: string; paymentId: string; amountMinor: number }[],
  bookings: [] as { id: string; learnerId: string; teacherId: string }[],
  messages: [] as { id: string; roomId: string; text: string }[],
  planPurchases: new Map<string, number>(),
};
/** 5xx answers seen while the server was up: none are expected. */
const serverErrors: string[] = [];

const place = serverPlace('crash');
const env = place.env;

let server: ServerProcess | undefined;
const baseUrl = () => server!.baseUrl;
const sockets = socketOpener({ reconnection: false });

beforeAll(place.prepare);

afterAll(async () => {
  sockets.closeAll();
  await server?.kill();
  await place.dispose();
});

function ok(res: HttpReply, what: string): HttpReply {
  if (res.status < 200 || res.status > 299) throw new Error(`${what}: ${res.status} ${res.body}`);
  return res;
}

function note(res: HttpReply, what: string): HttpReply {
  if (res.status >= 500) serverErrors.push(`${what}: ${res.status} ${res.body}`);
  return res;
}

const wallet = (amount: number) => ({ amount, payment_capture: 1, currency: 'INR', notes: { type: 'Wallet', paymentDetails: {} } });

/** Capture → the sandbox checkout's Pay button (with the owner's cookie) → verify. */
async function topUp(learner: Pick<Learner, 'id' | 'http'>, amountMinor: number) {
  const order = note(await learner.http.post('/api/sandbox/capture', wallet(amountMinor)), 'capture');
  if (order.status !== 200) return;
  const orderId = order.json().data.id as string;
  acked.orders.push({ userId: learner.id, orderId });
  const settled = note(await learner.http.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' }), 'settle');
  if (settled.status !== 200 || !settled.json().ok) return;
  const paymentId = settled.json().razorpay_payment_id as string;
  const verified = note(await learner.http.post('/api/payments/verify', { orderId, paymentId, signature: settled.json().razorpay_signature }), 'verify');
  if (verified.status === 200) acked.credits.push({ userId: learner.id, orderId, paymentId, amountMinor });
}

/** Buys the plan from the wallet, naming the live plan the learner has now, as the plans page does. */
async function buyPlan(learner: Pick<Learner, 'id' | 'http'>, planId: string) {
  const me = note(await learner.http.get('/api/auth/me?role=learner'), 'me');
  if (me.status !== 200) return false;
  const currentSubscriptionId = (me.json().user.activeSubscription?._id as string | undefined) ?? null;
  const res = note(await learner.http.post(`/api/plans/${planId}/buy-with-wallet`, { currentSubscriptionId }), 'buy plan');
  if (res.status === 200) acked.planPurchases.set(learner.id, (acked.planPurchases.get(learner.id) ?? 0) + 1);
  return res.status === 200;
}

async function bookOnce(learner: Learner, tutorIds: string[], planId: string) {
  const teacherId = tutorIds[Math.floor(Math.random() * tutorIds.length)]!;
  const date = addDaysToIsoDate(isoDateInZone(new Date(), TZ), 1 + Math.floor(Math.random() * 6));
  const schedule = note(await learner.http.get(`/api/teachers/${teacherId}/schedule?date=${date}&timezone=${TZ}&subject=English`), 'schedule');
  if (schedule.status !== 200) return;
  const { slots, durationMin } = schedule.json();
  const slot = slots[Math.floor(Math.random() * slots.length)];
  if (!slot) return;
  const res = note(
    await learner.http.post('/api/sessions', {
      startTime: slot.start,
      endTime: slot.end,
      date,
      duration: durationMin,
      subject: 'English',
      type: 'Regular',
      learnerId: learner.id,
      teacherId,
      timezone: TZ,
      startAt: slot.startAt,
    }),
    'book',
  );
  if (res.status === 201) acked.bookings.push({ id: res.json()._id, learnerId: learner.id, teacherId });
  else if (['NOT_SUBSCRIBED', 'NO_SESSIONS_LEFT'].includes(res.json().code)) await buyPlan(learner, planId);
}

/** Sends one message; only an ok ack counts. A dropped connection ends the wait, unacknowledged. */
function sendMessage(learner: Learner, text: string): Promise<void> {
  if (learner.socket.disconnected) return Promise.reject(new Error('socket closed'));
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      learner.socket.off('disconnect', done);
      resolve();
    };
    const timer = setTimeout(done, 5_000);
    learner.socket.once('disconnect', done);
    learner.socket.emit('chatroom_message', { chatroomId: learner.roomId, msgType: 'Text', message: text }, (answer) => {
      if (answer.ok) acked.messages.push({ id: answer.data._id, roomId: learner.roomId, text });
      done();
    });
  });
}

/** Repeats `step` until the server is gone; a failed request after the kill simply ends the loop. */
async function loop(running: () => boolean, step: () => Promise<void>) {
  while (running()) {
    try {
      await step();
    } catch {
      if (!running()) return;
      await sleep(20);
    }
  }
}

describe('kill -9 in the middle of payments, bookings and chat', () => {
  it('keeps every acknowledged write and a consistent ledger across a crash', { timeout: 240_000 }, async () => {
    server = await startServer(env, { readyTimeoutMs: 120_000 });
    const { learners, tutorIds, planId } = await setUpLearners();
    const before = await loadUntilKilled(learners, tutorIds, planId);
    expect(before.bookings, 'bookings acknowledged before the kill').toBeGreaterThanOrEqual(8);
    expect(before.messages, 'messages acknowledged before the kill').toBeGreaterThanOrEqual(40);
    expect(before.credits, 'top-ups acknowledged before the kill').toBeGreaterThanOrEqual(LEARNERS + 8);
    expect(serverErrors).toEqual([]);

    // Back up on the same data: the old session cookies still work and show the same balances.
    server = await startServer(env, { readyTimeoutMs: 120_000 });
    const httpBalances = new Map<string, number>();
    for (const learner of learners) {
      const res = ok(await learner.http.get('/api/wallet'), 'wallet after restart');
      httpBalances.set(learner.id, res.json().closingBalance.amountMinor);
    }
    await server.stop();
    expect(server.child.exitCode, `graceful stop:\n${server.output()}`).toBe(0);

    const database = await openStoredDatabase();
    try {
      await expectAcknowledgedWrites(database);
      await expectLedgersAddUp(database, httpBalances);
    } finally {
      await database.close();
    }
  });
});

/** Learners with money, a plan (booking and chat need one) and a chat room each. */
async function setUpLearners() {
  const setupClient = new HttpClient(baseUrl);
  const first = ok(await setupClient.post('/api/auth/signup', signup(0)), 'sign-up').json().user._id as string;
  const tutors = ok(await setupClient.get('/api/teachers?subject=English'), 'tutors').json().items as { _id: string; isBlocked: boolean }[];
  const tutorIds = tutors.filter((tutor) => !tutor.isBlocked).map((tutor) => tutor._id);
  const plans = ok(await setupClient.get('/api/plans?subject=English'), 'plans').json().items as { _id: string; subscriptionType: string }[];
  const planId = plans.find((plan) => plan.subscriptionType === 'quick_learner_mode')!._id;
  const learners = await Promise.all(
    Array.from({ length: LEARNERS }, async (_, index): Promise<Learner> => {
      const http = index === 0 ? setupClient : new HttpClient(baseUrl);
      const id = index === 0 ? first : (ok(await http.post('/api/auth/signup', signup(index)), 'sign-up').json().user._id as string);
      await topUp({ id, http }, 1_000_000);
      if (!(await buyPlan({ id, http }, planId))) throw new Error('could not buy a plan');
      const roomId = ok(await http.post('/room/v1/initiate', { teacherId: tutorIds[index % tutorIds.length] }), 'room').json().room._id as string;
      const learner = { index, id, http, roomId };
      return { ...learner, socket: await sockets.open(baseUrl(), http.cookieHeader, 'learner') };
    }),
  );
  return { learners, tutorIds, planId };
}

/** Every kind of write at once, for every learner; SIGKILL at a random moment once there is a fair number of each. */
async function loadUntilKilled(learners: Learner[], tutorIds: string[], planId: string) {
  let alive = true;
  const running = () => alive;
  let sent = 0;
  const loops = learners.flatMap((learner) => [
    loop(running, () => topUp(learner, 100 * (1 + Math.floor(Math.random() * 1_000)))),
    loop(running, () => bookOnce(learner, tutorIds, planId)),
    loop(running, () => sendMessage(learner, `crash ${learner.index} ${(sent += 1)}`)),
  ]);
  const started = Date.now();
  const enough = () => Date.now() - started > 1_500 && acked.credits.length >= LEARNERS + 8 && acked.bookings.length >= 8 && acked.messages.length >= 40;
  while (Date.now() - started < 30_000 && !enough()) await sleep(50);
  await sleep(Math.random() * 700);
  const before = { credits: acked.credits.length, bookings: acked.bookings.length, messages: acked.messages.length };
  await server!.kill();
  alive = false;
  await Promise.all(loops);
  return before;
}

function signup(index: number) {
  return { name: `Crash Learner ${index}`, email: `crash-${index}-${randomBytes(3).toString('hex')}@example.com`, password: 'a long password', country: 'IN', timezone: TZ };
}

async function openStoredDatabase(): Promise<Database> {
  return env.DATABASE_URL ? openDatabase({ databaseUrl: env.DATABASE_URL }) : openDatabase({ pgliteDir: path.join(env.DATA_DIR!, 'pglite') });
}

async function expectAcknowledgedWrites({ db }: Database) {
  const bookings = await db.select().from(liveSessions).where(inArray(liveSessions.id, acked.bookings.map((b) => b.id)));
  const bookingById = new Map(bookings.map((b) => [b.id, b]));
  const lostBookings = acked.bookings.filter((b) => bookingById.get(b.id)?.learnerId !== b.learnerId || bookingById.get(b.id)?.status !== 'booked');
  expect(lostBookings, 'acknowledged bookings missing after the crash').toEqual([]);

  const stored = await db.select().from(chatMessages).where(inArray(chatMessages.id, acked.messages.map((m) => m.id)));
  const messageById = new Map(stored.map((m) => [m.id, m]));
  const lostMessages = acked.messages.filter((m) => messageById.get(m.id)?.message !== m.text || messageById.get(m.id)?.roomId !== m.roomId);
  expect(lostMessages, 'acknowledged chat messages missing after the crash').toEqual([]);

  const orders = await db.select().from(paymentOrders).where(inArray(paymentOrders.id, acked.orders.map((o) => o.orderId)));
  const ownerOf = new Map(orders.map((o) => [o.id, o.userId]));
  expect(acked.orders.filter((o) => ownerOf.get(o.orderId) !== o.userId), 'acknowledged payment orders missing after the crash').toEqual([]);

  const lostCredits: unknown[] = [];
  for (const credit of acked.credits) {
    const entries = await db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.paymentId, credit.paymentId), eq(walletEntries.kind, 'credit')));
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, credit.orderId));
    const credited = entries.length === 1 && entries[0]!.userId === credit.userId && entries[0]!.amountMinor === credit.amountMinor;
    if (!credited || order?.status !== 'Success') lostCredits.push({ credit, entries, orderStatus: order?.status });
  }
  expect(lostCredits, 'acknowledged wallet credits missing after the crash').toEqual([]);

  for (const [userId, purchases] of acked.planPurchases) {
    const debits = await db.select().from(walletEntries).where(and(eq(walletEntries.userId, userId), eq(walletEntries.kind, 'debit')));
    expect(debits.length, `plan purchases paid from ${userId}'s wallet`).toBeGreaterThanOrEqual(purchases);
  }
}

/** Σ credits and cashback − Σ debits = balance, and the newest entry (as the history shows it) closes at the balance. */
async function expectLedgersAddUp({ db }: Database, httpBalances: Map<string, number>) {
  const problems: string[] = [];
  for (const wallet of await db.select().from(wallets)) {
    const entries = await db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, wallet.userId))
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.closingBalanceMinor));
    const sum = entries.reduce((total, e) => total + (e.kind === 'debit' ? -e.amountMinor : e.amountMinor), 0);
    if (sum !== wallet.balanceMinor) problems.push(`${wallet.userId}: entries sum to ${sum}, balance is ${wallet.balanceMinor}`);
    const newest = entries[0];
    if ((newest?.closingBalanceMinor ?? 0) !== wallet.balanceMinor) {
      problems.push(`${wallet.userId}: newest entry closes at ${newest?.closingBalanceMinor}, balance is ${wallet.balanceMinor}`);
    }
    const shown = httpBalances.get(wallet.userId);
    if (shown !== undefined && shown !== wallet.balanceMinor) problems.push(`${wallet.userId}: the restarted server showed ${shown}, stored ${wallet.balanceMinor}`);
  }
  expect(problems).toEqual([]);
  expect(httpBalances.size).toBe(LEARNERS);
}
