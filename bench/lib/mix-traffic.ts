// The virtual users of `bench:mix` and `bench:soak`: signed-up learners with a plan, a wallet, a
// chat room and a socket, and the demo tutors, doing what people do on Parley (issue 17).
//
// Population. The 12 demo tutors sign in; LEARNERS new learners sign up through the API, each
// buying the cheapest English plan through the sandbox checkout (capture → settle → verify: 12
// sessions, which also opens chat), every second one adding ₹500 to the wallet the same way, and
// opening a chat room with tutor i mod 12. Every user has a socket (joined to its rooms). With
// several nodes, user i talks to node i mod n over HTTP and socket.io, so a learner and its tutor
// are mostly on different nodes and chat crosses Redis.
//
// Actions (weights below). Learner: log in again (then log the old session out), list tutors,
// read a schedule, book, cancel, send a chat message (socket.io, waits for the ack), read the
// wallet, list sessions. Tutor: list sessions, answer in chat, edit the week's availability.
// - Schedules: the next of every tutor × 14 dates × TIME_ZONES combination in shuffled order,
//   so each query is new until all were asked once (caches start cold), then random ones.
// - Booking: a learner reads a schedule (2 to 13 days ahead, its own or a random time zone) and
//   books a slot starting more than 26 h from now that no other virtual user holds or is booking
//   (claims on tutor and learner intervals): distinct slots, so a refusal is an error, not a race
//   the bench made. A learner keeps one session (chat needs one) and cancels instead of booking
//   when it has none to spare; one with nothing booked books instead of cancelling.
// - Availability: the tutor saves its week unchanged with a day off toggled 40-60 days ahead:
//   every schedule of the tutor is invalidated, yet no slot a learner may be booking goes away.
// Every failure (HTTP status, refused ack, socket dropped) is an error, kept by message.
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { formatMoney } from '@parley/domain/money';
import type { Database } from '../../apps/server/src/db/client';
import { ApiClient, DEMO_PASSWORD, isoDateIn, logIn, TUTOR_EMAILS, type SignedIn } from './api-client';
import { joinRoom } from './join-room';


/** Viewers' time zones: whole, half and quarter hours, both hemispheres, with and without DST. */
export const TIME_ZONES = [
  'Asia/Kolkata', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Tokyo', 'America/Los_Angeles',
  'Europe/Berlin', 'Asia/Dubai', 'America/Sao_Paulo', 'Africa/Johannesburg', 'Asia/Singapore', 'Pacific/Auckland',
  'America/Chicago', 'Asia/Kathmandu', 'Asia/Dhaka', 'Europe/Moscow', 'America/Denver', 'Asia/Shanghai',
  'America/Toronto', 'Asia/Karachi', 'Asia/Jakarta', 'America/Mexico_City', 'Africa/Lagos', 'Pacific/Honolulu',
  'Asia/Tehran', 'Australia/Adelaide', 'America/St_Johns', 'Atlantic/Reykjavik',
];
export const SCHEDULE_DAYS = 14;

/** Relative frequency of each action. */
export const ACTION_WEIGHTS = {
  login: 2,
  'list tutors': 8,
  schedule: 35,
  book: 8,
  cancel: 3,
  'chat message': 14,
  wallet: 8,
  'my sessions': 8,
  'tutor sessions': 4,
  'tutor chat reply': 4,
  'availability edit': 2,
} as const;
export type ActionName = keyof typeof ACTION_WEIGHTS;
const TUTOR_ACTIONS: ActionName[] = ['tutor sessions', 'tutor chat reply', 'availability edit'];

const SUBJECT = 'English';
const BOOK_AFTER_MS = 26 * 3_600_000;
const SETUP_CONCURRENCY = 6;
const TOP_UP_MINOR = 50_000;
const ACK_TIMEOUT_MS = 30_000;

type Interval = { start: number; end: number };
/** A session a learner booked, with the interval it holds for its tutor and for itself. */
type Booked = { id: string; tutorKey: string; claim: Interval };
type Tutor = { index: number; email: string; id: string; url: string; api: ApiClient; socket: Socket; rooms: string[]; busy: boolean };
type Learner = {
  index: number;
  email: string;
  id: string;
  url: string;
  timeZone: string;
  /** The client whose session the socket uses; `api` is the latest login. */
  socketApi: ApiClient;
  api: ApiClient;
  socket: Socket;
  roomId: string;
  /** Sessions left on the plan (one is always kept: chat needs it). */
  sessionsLeft: number;
  booked: Booked[];
  busy: boolean;
};
export type Population = { tutors: Tutor[]; learners: Learner[]; run: string; toppedUp: number };

// ---------------------------------------------------------------- setup through the real API

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

async function openSocket(url: string, cookie: string, role: 'learner' | 'teacher', rooms: string[]): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, timeout: 20_000, auth: { role }, extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(new Error(`socket of a ${role}: ${error.message}`)));
  });
  for (const chatroomId of rooms) {
    const joined = await joinRoom(socket, chatroomId, ACK_TIMEOUT_MS);
    if (!joined.ok) throw new Error(`join_room refused: ${joined.message}`);
  }
  return socket;
}

/** Pays for an order through the sandbox checkout, as the web app does. */
async function checkout(client: ApiClient, amount: number, currency: string, notes: Record<string, unknown>): Promise<void> {
  const order = await client.post<{ data: { id: string } }>('/api/sandbox/capture', { amount, payment_capture: 1, currency, notes });
  const paid = await client.post<{ ok: boolean; razorpay_payment_id: string; razorpay_signature: string }>('/api/payments/sandbox/settle', { orderId: order.data.id, outcome: 'success' });
  if (!paid.ok) throw new Error(`sandbox refused to settle ${order.data.id}`);
  await client.post('/api/payments/verify', { orderId: order.data.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });
}

/** The 12 demo tutors and `learnerCount` new subscribed learners, each with a room and sockets; users alternate between `urls`. */
export async function setUpPopulation(urls: string[], learnerCount: number): Promise<Population> {
  const t0 = performance.now();
  const run = randomBytes(4).toString('hex');
  const tutorsSignedIn = await inBatches(
    TUTOR_EMAILS.map((email, index) => ({ email, index })),
    SETUP_CONCURRENCY,
    async ({ email, index }) => {
      const url = urls[index % urls.length]!;
      const { client, answer } = await logIn(url, email, 'teacher');
      return { index, email, id: answer.user._id, url, api: client, rooms: [] as string[] };
    },
  );
  type Plan = { _id: string; price: { amountMinor: number; currency: string } };
  const probe = new ApiClient(urls[0]!);
  await probe.post('/api/auth/signup', { name: 'Bench Probe', email: `bench-${run}-probe@parley.test`, password: DEMO_PASSWORD, country: 'IN', timezone: 'Asia/Kolkata' });
  const { items } = await probe.get<{ items: Plan[] }>(`/api/plans?subject=${SUBJECT}`);
  const plan = [...items].sort((a, b) => a.price.amountMinor - b.price.amountMinor)[0];
  if (!plan) throw new Error(`no ${SUBJECT} plan to buy`);

  const learners = await inBatches(
    Array.from({ length: learnerCount }, (_, index) => index),
    SETUP_CONCURRENCY,
    async (index): Promise<Omit<Learner, 'socket'> & { tutor: (typeof tutorsSignedIn)[number] }> => {
      const url = urls[index % urls.length]!;
      const timeZone = TIME_ZONES[index % TIME_ZONES.length]!;
      const email = `bench-${run}-${index}@parley.test`;
      const api = new ApiClient(url);
      const { user } = await api.post<SignedIn>('/api/auth/signup', { name: `Bench Learner ${index}`, email, password: DEMO_PASSWORD, country: 'IN', timezone: timeZone });
      await checkout(api, plan.price.amountMinor, plan.price.currency, { type: 'Plan', paymentDetails: { planId: plan._id } });
      if (index % 2 === 0) await checkout(api, TOP_UP_MINOR, 'INR', { type: 'Wallet', paymentDetails: {} });
      const me = await api.get<{ user: SignedIn['user'] }>('/api/auth/me?role=learner');
      const tutor = tutorsSignedIn[index % tutorsSignedIn.length]!;
      const { room } = await api.post<{ room: { _id: string } }>('/room/v1/initiate', { teacherId: tutor.id });
      tutor.rooms.push(room._id);
      return { index, email, id: user._id, url, timeZone, socketApi: api, api, roomId: room._id, sessionsLeft: me.user.activeSubscription?.availableSession ?? 0, booked: [], busy: false, tutor };
    },
  );
  const withSockets = await inBatches(learners, SETUP_CONCURRENCY * 4, async ({ tutor: _tutor, ...learner }) => ({
    ...learner,
    socket: await openSocket(learner.url, learner.api.cookieHeader, 'learner', [learner.roomId]),
  }));
  const tutors = await inBatches(tutorsSignedIn, SETUP_CONCURRENCY, async (tutor) => ({
    ...tutor,
    socket: await openSocket(tutor.url, tutor.api.cookieHeader, 'teacher', tutor.rooms),
    busy: false,
  }));
  const toppedUp = Math.ceil(learnerCount / 2);
  console.log(
    `  setup: ${tutors.length} tutors signed in; ${withSockets.length} learners signed up, each bought "${plan._id.slice(0, 8)}…" (${withSockets[0]?.sessionsLeft ?? '?'} sessions) by the sandbox checkout, ${toppedUp} topped their wallet up; ${withSockets.length + tutors.length} sockets in ${withSockets.length} rooms over ${urls.length} node(s) (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return { tutors, learners: withSockets, run, toppedUp };
}

export function closePopulation(population: Population): void {
  for (const user of [...population.tutors, ...population.learners]) user.socket.disconnect();
}

// ---------------------------------------------------------------- the traffic

const shuffle = <T>(items: T[]): T[] => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};
const pick = <T>(items: T[]): T => items[randomInt(items.length)]!;
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;
/** One error message per kind: ids and numbers vary, the message does not. */
const errorKey = (message: string) => message.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id').slice(0, 300);

type Slot = { startAt: string; endAt: string; start: string; end: string };
type Schedule = { slots: Slot[]; durationMin: number };

export class MixTraffic {
  /** Latencies (ms) of the successful calls, by action. */
  readonly latencies = new Map<ActionName, number[]>();
  readonly errorCounts = new Map<ActionName, number>();
  readonly errors = new Map<string, number>();
  /** Message ids the server acknowledged. */
  readonly ackedMessageIds: string[] = [];
  bookingsMade = 0;
  cancellations = 0;
  /** An action was due but every user of the kind it needs was busy (open-loop driving only). */
  dropped = 0;
  private readonly combos: { tutor: number; day: number; timeZone: string }[];
  private nextCombo = 0;
  /** Intervals held by bookings in flight or made, per tutor and per learner. */
  private readonly claims = new Map<string, Interval[]>();
  private readonly weights: [ActionName, number][];
  private readonly totalWeight: number;
  private stopped = false;

  constructor(private readonly population: Population) {
    this.combos = shuffle(population.tutors.flatMap((_, tutor) => Array.from({ length: SCHEDULE_DAYS }, (_, day) => TIME_ZONES.map((timeZone) => ({ tutor, day, timeZone }))).flat()));
    this.weights = Object.entries(ACTION_WEIGHTS) as [ActionName, number][];
    this.totalWeight = this.weights.reduce((sum, [, w]) => sum + w, 0);
    for (const user of [...population.learners, ...population.tutors]) {
      user.socket.on('disconnect', (reason) => {
        if (!this.stopped) this.fail('socket', new Error(`socket disconnected: ${reason}`));
      });
    }
  }

  /** After this, sockets closing are expected. */
  stop(): void {
    this.stopped = true;
  }

  get coldSchedulesLeft(): number {
    return this.combos.length - Math.min(this.nextCombo, this.combos.length);
  }

  get totalErrors(): number {
    return [...this.errors.values()].reduce((sum, n) => sum + n, 0);
  }

  /** One action by an idle user; resolves when it is done (failures are recorded, never thrown). */
  async step(): Promise<void> {
    const action = this.pickAction();
    const isTutorAction = TUTOR_ACTIONS.includes(action);
    const pool = isTutorAction ? this.population.tutors : this.population.learners;
    const idle = pool.filter((user) => !user.busy);
    if (!idle.length) {
      this.dropped++;
      return;
    }
    const user = pick<Tutor | Learner>(idle);
    user.busy = true;
    try {
      if (isTutorAction) await this.tutorAction(action, user as Tutor);
      else await this.learnerAction(action, user as Learner);
    } finally {
      user.busy = false;
    }
  }

  private pickAction(): ActionName {
    let r = randomInt(this.totalWeight);
    for (const [name, weight] of this.weights) {
      if (r < weight) return name;
      r -= weight;
    }
    return 'schedule';
  }

  private async timed<T>(action: ActionName, run: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    try {
      const result = await run();
      const list = this.latencies.get(action) ?? [];
      list.push(performance.now() - started);
      this.latencies.set(action, list);
      return result;
    } catch (error) {
      this.fail(action, error);
      return undefined;
    }
  }

  private fail(action: ActionName | 'socket', error: unknown) {
    if (action !== 'socket') this.errorCounts.set(action, (this.errorCounts.get(action) ?? 0) + 1);
    const key = `${action}: ${errorKey((error as Error).message ?? String(error))}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  private async learnerAction(action: ActionName, learner: Learner) {
    switch (action) {
      case 'login':
        return this.login(learner);
      case 'list tutors':
        return void (await this.timed(action, () => learner.api.get(`/api/teachers?subject=${SUBJECT}`)));
      case 'schedule': {
        const combo = this.nextCombo < this.combos.length ? this.combos[this.nextCombo++]! : { tutor: randomInt(this.population.tutors.length), day: randomInt(SCHEDULE_DAYS), timeZone: pick(TIME_ZONES) };
        return void (await this.readSchedule(learner, this.population.tutors[combo.tutor]!, combo.day, combo.timeZone));
      }
      case 'book':
        return learner.sessionsLeft > 1 || !learner.booked.length ? this.book(learner) : this.cancel(learner);
      case 'cancel':
        return learner.booked.length ? this.cancel(learner) : this.book(learner);
      case 'chat message':
        return this.chat(action, learner.socket, learner.roomId, `hello from learner ${learner.index}`);
      case 'wallet':
        return void (await this.timed(action, () => learner.api.get('/api/wallet')));
      case 'my sessions':
        return void (await this.timed(action, () => learner.api.get('/api/sessions?when=upcoming')));
      default:
        throw new Error(`not a learner action: ${action}`);
    }
  }

  private async tutorAction(action: ActionName, tutor: Tutor) {
    switch (action) {
      case 'tutor sessions':
        return void (await this.timed(action, () => tutor.api.get('/api/teacher/sessions?when=upcoming')));
      case 'tutor chat reply':
        return this.chat(action, tutor.socket, pick(tutor.rooms), `reply from tutor ${tutor.index}`);
      case 'availability edit': {
        type Week = { ranges: { weekday: number; startMinute: number; endMinute: number }[]; daysOff: string[] };
        const week = await tutor.api.get<Week>('/api/teacher/availability').catch((error: unknown) => this.fail(action, error));
        if (!week) return;
        const dayOff = isoDateIn('UTC', 40 + randomInt(21));
        const daysOff = week.daysOff.includes(dayOff) ? week.daysOff.filter((day) => day !== dayOff) : [...week.daysOff, dayOff];
        return void (await this.timed(action, () => tutor.api.call('PUT', '/api/teacher/availability', { ranges: week.ranges, daysOff })));
      }
      default:
        throw new Error(`not a tutor action: ${action}`);
    }
  }

  private async login(learner: Learner) {
    const fresh = await this.timed('login', async () => (await logIn(learner.url, learner.email, 'learner')).client);
    if (!fresh) return;
    const previous = learner.api;
    learner.api = fresh;
    // The socket's session stays; an earlier re-login's session is logged out, as a user signing out.
    if (previous !== learner.socketApi) await previous.post('/api/auth/logout', { role: 'learner' }).catch((error: unknown) => this.fail('login', error));
  }

  private readSchedule(learner: Learner, tutor: Tutor, day: number, timeZone: string) {
    const date = isoDateIn(timeZone, day);
    return this.timed('schedule', async () => ({
      date,
      schedule: await learner.api.get<Schedule>(`/api/teachers/${tutor.id}/schedule?date=${date}&timezone=${encodeURIComponent(timeZone)}&subject=${SUBJECT}`),
    }));
  }

  private claimable(key: string, interval: Interval) {
    return !(this.claims.get(key) ?? []).some((held) => overlaps(held, interval));
  }
  private claim(key: string, interval: Interval) {
    this.claims.set(key, [...(this.claims.get(key) ?? []), interval]);
  }
  private release(key: string, interval: Interval) {
    this.claims.set(key, (this.claims.get(key) ?? []).filter((held) => held !== interval));
  }

  private async book(learner: Learner) {
    if (learner.sessionsLeft <= 1) return;
    const tutor = pick(this.population.tutors);
    const timeZone = randomInt(2) ? learner.timeZone : pick(TIME_ZONES);
    const read = await this.readSchedule(learner, tutor, 2 + randomInt(SCHEDULE_DAYS - 2), timeZone);
    if (!read) return;
    const earliest = Date.now() + BOOK_AFTER_MS;
    const free = read.schedule.slots
      .map((slot) => ({ slot, interval: { start: Date.parse(slot.startAt), end: Date.parse(slot.endAt) } }))
      .filter(({ interval }) => interval.start > earliest && this.claimable(`t:${tutor.id}`, interval) && this.claimable(`l:${learner.id}`, interval));
    if (!free.length) return; // a full day: the learner looked, and books another time
    const { slot, interval } = pick(free);
    this.claim(`t:${tutor.id}`, interval);
    this.claim(`l:${learner.id}`, interval);
    const booked = await this.timed('book', () =>
      learner.api.post<{ _id: string; type: 'Demo' | 'Regular' }>('/api/sessions', {
        startTime: slot.start,
        endTime: slot.end,
        date: read.date,
        duration: read.schedule.durationMin,
        subject: SUBJECT,
        type: 'Regular',
        learnerId: learner.id,
        teacherId: tutor.id,
        timezone: timeZone,
        startAt: slot.startAt,
      }),
    );
    if (!booked) {
      this.release(`t:${tutor.id}`, interval);
      this.release(`l:${learner.id}`, interval);
      return;
    }
    this.bookingsMade++;
    if (booked.type === 'Regular') learner.sessionsLeft--;
    learner.booked.push({ id: booked._id, tutorKey: `t:${tutor.id}`, claim: interval });
  }

  private async cancel(learner: Learner) {
    const session = learner.booked.splice(randomInt(learner.booked.length), 1)[0];
    if (!session) return;
    const answer = await this.timed('cancel', () => learner.api.post<{ refunded: boolean }>(`/api/sessions/${session.id}/cancel`, { reason: 'bench: plans changed' }));
    if (!answer) {
      learner.booked.push(session);
      return;
    }
    this.cancellations++;
    if (answer.refunded) learner.sessionsLeft++;
    this.release(session.tutorKey, session.claim);
    this.release(`l:${learner.id}`, session.claim);
  }

  private async chat(action: ActionName, socket: Socket, chatroomId: string, text: string) {
    const answer = await this.timed(action, async () => {
      const ack = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('chatroom_message', { chatroomId, msgType: 'Text', message: `${text} #${randomInt(1e9)}` })) as
        | { ok: true; data: { _id: string } }
        | { ok: false; message: string };
      if (!ack.ok) throw new Error(`message refused: ${ack.message}`);
      return ack.data._id;
    });
    if (answer) this.ackedMessageIds.push(answer);
  }
}

// ---------------------------------------------------------------- reporting

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN);
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

export function printActionTable(traffic: MixTraffic, seconds: number): void {
  let total = 0;
  console.log(`  ${'action'.padEnd(18)} ${'count'.padStart(6)} ${'per s'.padStart(7)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'max'.padStart(10)} errors`);
  for (const name of Object.keys(ACTION_WEIGHTS) as ActionName[]) {
    const sorted = [...(traffic.latencies.get(name) ?? [])].sort((a, b) => a - b);
    const errors = traffic.errorCounts.get(name) ?? 0;
    total += sorted.length;
    console.log(
      `  ${name.padEnd(18)} ${String(sorted.length).padStart(6)} ${(sorted.length / seconds).toFixed(1).padStart(7)} ${ms(percentile(sorted, 50)).padStart(10)} ${ms(percentile(sorted, 99)).padStart(10)} ${ms(sorted.at(-1) ?? NaN).padStart(10)} ${errors}`,
    );
  }
  console.log(`  all actions: ${total} in ${seconds.toFixed(1)} s = ${(total / seconds).toFixed(1)}/s (a booking also counts its schedule read)`);
  console.log(`  bookings made ${traffic.bookingsMade}, cancelled ${traffic.cancellations}; chat messages acknowledged ${traffic.ackedMessageIds.length}; cold schedule queries left ${traffic.coldSchedulesLeft}`);
  if (traffic.dropped) console.log(`  actions dropped (every user of the kind busy): ${traffic.dropped}`);
  console.log(`  errors: ${traffic.totalErrors}${traffic.totalErrors ? '' : ' (target 0: met)'}`);
  for (const [message, count] of traffic.errors) console.log(`    ${count} × ${message}`);
}

// ---------------------------------------------------------------- integrity, straight from the database

type Rows = { rows: Record<string, unknown>[] };
const query = async (database: Database, text: string) => ((await database.db.execute(sql.raw(text))) as unknown as Rows).rows;
const num = (value: unknown) => Number(value ?? 0);

/** Prints each check and returns how many failed. */
export async function checkIntegrity(database: Database, traffic: MixTraffic, population: Population): Promise<number> {
  let failed = 0;
  const report = (ok: boolean, text: string) => {
    if (!ok) failed++;
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${text}`);
  };
  const overlapping = async (column: 'teacher_id' | 'learner_id') =>
    num(
      (
        await query(
          database,
          `select count(*) as n from live_sessions a join live_sessions b
             on a.${column} = b.${column} and a.id < b.id and a.status = 'booked' and b.status = 'booked'
            and a.start_at < b.end_at and b.start_at < a.end_at`,
        )
      )[0]?.n,
    );
  const tutorOverlaps = await overlapping('teacher_id');
  report(tutorOverlaps === 0, `no double booking: ${tutorOverlaps} overlapping pairs of one tutor's booked sessions (learners' own: ${await overlapping('learner_id')})`);

  const learnerIds = population.learners.map((l) => `'${l.id}'`).join(',');
  const booked = num((await query(database, `select count(*) as n from live_sessions where status = 'booked' and learner_id in (${learnerIds})`))[0]?.n);
  const expected = traffic.bookingsMade - traffic.cancellations;
  report(booked === expected, `bench learners' booked sessions in the database ${booked} = booked ${traffic.bookingsMade} − cancelled ${traffic.cancellations} = ${expected}`);

  // Quick-learner plans: sessions left + sessions spent and not given back = the plan's sessions.
  const quota = await query(
    database,
    `select count(*) as n from subscriptions s join plans p on p.id = s.plan_id
      where s.learner_id in (${learnerIds})
        and s.available_session + (select count(*) from live_sessions ls where ls.subscription_id = s.id and ls.spent_from is not null and not ls.refunded) <> p.session_count`,
  );
  report(num(quota[0]?.n) === 0, `plan quota: sessions left + spent = the plan's sessions for every bench learner (${num(quota[0]?.n)} subscriptions off)`);

  const wallets = await query(
    database,
    `select count(*) as n,
            count(*) filter (where w.balance_minor <> coalesce(e.total, 0)) as off_sum,
            count(*) filter (where w.balance_minor <> coalesce(e.last_closing, 0)) as off_closing,
            coalesce(sum(w.balance_minor), 0) as balance
       from wallets w
       left join (select user_id,
                         sum(case when kind = 'debit' then -amount_minor else amount_minor end) as total,
                         (array_agg(closing_balance_minor order by created_at desc, closing_balance_minor desc))[1] as last_closing
                    from wallet_entries group by user_id) e on e.user_id = w.user_id`,
  );
  const w = wallets[0] ?? {};
  report(
    num(w.off_sum) === 0 && num(w.off_closing) === 0,
    `wallet ledger: for all ${num(w.n)} wallets the entries' sum (credits + cashback − debits) = the balance (${num(w.off_sum)} off) and so does the last closing balance (${num(w.off_closing)} off); total ${formatMoney({ amountMinor: num(w.balance), currency: 'INR' })}`,
  );
  const affiliates = await query(
    database,
    `select count(*) as n, count(*) filter (where b.balance_minor <> coalesce(e.total, 0)) as off
       from affiliate_balances b
       left join (select influencer_id,
                         sum(case when kind in ('commission', 'payout_returned') then amount_minor else -amount_minor end) as total
                    from affiliate_ledger group by influencer_id) e on e.influencer_id = b.influencer_id`,
  );
  report(num(affiliates[0]?.off) === 0, `affiliate ledger: entries' sum = balance for all ${num(affiliates[0]?.n)} affiliate balances (${num(affiliates[0]?.off)} off)`);

  const ids = traffic.ackedMessageIds;
  let stored = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const batch = ids.slice(i, i + 1000).map((id) => `'${id}'`).join(',');
    stored += num((await query(database, `select count(*) as n from chat_messages where id in (${batch})`))[0]?.n);
  }
  report(stored === ids.length, `chat: ${stored} of ${ids.length} acknowledged messages stored`);
  return failed;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after "(comm) ", in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The resident set size of a process in bytes, from /proc/<pid>/status (VmRSS); NaN elsewhere. */
export function processRssBytes(pid: number): number {
  try {
    const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Nanoseconds the process's main thread (the event loop) has run and has waited for a CPU while
 * runnable, from /proc/<pid>/schedstat (Linux): waiting means the machine, not the code, was slow.
 */
export function mainThreadSchedule(pid: number): { runNs: number; waitNs: number } {
  try {
    const [runNs, waitNs] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { runNs: runNs!, waitNs: waitNs! };
  } catch {
    return { runNs: NaN, waitNs: NaN };
  }
}

/** The 1-minute load average: on a shared machine, how much else was running. */
export const loadAverage = () => os.loadavg()[0]!.toFixed(1);
