import type { FastifyBaseLogger } from 'fastify';
import { avatarPath } from '@parley/domain/avatar';
import type { AccountDetailsPayload } from '@parley/domain/auth';
import { canStartPeerCall } from '@parley/domain/limits';
import { formatSessionTime } from '@parley/domain/live-sessions';
import {
  matchPeers,
  PEER_JOIN_TIMEOUT_SECONDS,
  PEER_QUEUE_ABANDONED_SECONDS,
  PEER_RECONNECT_GRACE_SECONDS,
  peerCallCharge,
  peerCallDeadline,
  peerEndReasonSeenBy,
  peerTexts,
  peerTopicFor,
  placementLevel,
  type PeerCallEnded,
  type PeerCallEndReason,
  type PeerCallInfo,
  type PeerCallMessage,
  type PeerCallMode,
  type PeerOverview,
  type PeerPastCall,
  type PeerProfile,
  type PeerProfilePayload,
} from '@parley/domain/peer';
import { peerSlotCallEndsAt, peerSlotCallSlotEnd, peerSlotNotices, peerSlotTexts } from '@parley/domain/peer-slots';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { iceServersFor } from '../../realtime/ice-servers';
import { userChannel } from '../../realtime/publisher';
import { loadUserRecord } from '../auth/auth.service';
import { notify, pushNotifications, type NotificationRow } from '../notifications/notifications.service';
import * as repo from './peer.repository';
import * as slotRepo from './peer-slots.repository';

// Other features reach peer practice through this file: a peer plan's purchase queues the referral bonus.
export { queuePeerReferralBonus } from './peer-referral.service';

// Peer practice for adults: the profile from the placement, minutes (a ledger like the wallet's),
// the queue every node matches from, calls measured on the server and charged per side, ratings,
// reports and the moderators' answer to them.

export type CallSide = repo.CallSide;

/** Every socket in a call's page; the side channels carry what only the other side should get. */
export const peerCallChannel = (callId: string) => `peer:${callId}`;
export const peerSideChannel = (callId: string, side: CallSide) => `peer:${callId}:${side}`;
export const otherSide = (side: CallSide): CallSide => (side === 'first' ? 'second' : 'first');

/**
 * One connection per person per call: the connections a joining one replaces are the same
 * person's (another tab, window or device; a person is one side of a call), so the partner only
 * ever has one connection to call.
 */
export function replacedConnections<C extends { id: string; data: { auth: AuthContext } }>(joining: { id: string; auth: AuthContext }, inCall: C[]): C[] {
  return inCall.filter((c) => c.id !== joining.id && c.data.auth.userId === joining.auth.userId);
}

/** The one advisory lock every queue change takes (an arbitrary fixed key, unique in the app). */
const QUEUE_LOCK_KEY = 7402158;
/** How many in-call messages a join brings back. */
const MESSAGES_ON_JOIN = 100;
/**
 * A node refreshes its connections' presence this often; one not refreshed for PRESENCE_STALE_MS
 * belongs to a node that died (kill -9 runs no disconnect handler), and counts as gone since its
 * last refresh, so a crash never charges for time nobody vouched for.
 */
export const PRESENCE_BEAT_MS = 15_000;
const PRESENCE_STALE_MS = 3 * PRESENCE_BEAT_MS;
/** How often each node sweeps for calls whose end a lost job or a dead node left undone. */
const SWEEP_INTERVAL_MS = 60_000;
/** A check job that runs this much before its time is taken as a clock difference and retried. */
const CLOCK_SKEW_TOLERANCE_MS = 5_000;

export const PEER_CALL_CHECK_JOB = 'peer-call-check';
export type PeerCallCheckJob = { callId: string; dueAt: string };
const JOB_RETRIES = { retryLimit: 8, retryDelaySeconds: 5, retryBackoff: true };

const avatarOf = (userId: string, avatar: string | null) => avatar ?? avatarPath(userId);
const durationSecondsOf = (durationMs: number) => Math.floor(durationMs / 1000);

// ---- Profile and overview -----------------------------------------------------------------------

function toProfile(row: NonNullable<Awaited<ReturnType<typeof repo.findProfile>>>): PeerProfile {
  const { profile } = row;
  return {
    userId: profile.userId,
    name: row.name,
    avatar: avatarOf(profile.userId, row.avatar),
    level: profile.level,
    firstLanguage: profile.firstLanguage,
    languages: profile.languages,
    interests: profile.interests,
    availability: profile.availability,
  };
}

/** GET /api/peer/profile */
/** PUT /api/peer/account: a peer-only account's own name, country and time zone. */
export async function updateAccount(ctx: AppContext, userId: string, input: AccountDetailsPayload) {
  await repo.updateAccountDetails(ctx.db, userId, input);
  return { user: await loadUserRecord(ctx.db, userId, ctx.now()) };
}

export async function getProfile(ctx: AppContext, auth: AuthContext): Promise<PeerProfile> {
  const row = await repo.findProfile(ctx.db, auth.userId);
  if (!row) throw new AppError('NOT_FOUND', peerTexts.needsProfile);
  return toProfile(row);
}

/** POST /api/peer/placement: the level from the answers; creates the profile or updates its level and first language. */
export async function takePlacement(ctx: AppContext, auth: AuthContext, input: { answers: boolean[]; firstLanguage: string }): Promise<PeerProfile> {
  await repo.upsertProfile(ctx.db, auth.userId, { level: placementLevel(input.answers), firstLanguage: input.firstLanguage.trim() }, ctx.now());
  return getProfile(ctx, auth);
}

/** PUT /api/peer/profile */
export async function updateProfile(ctx: AppContext, auth: AuthContext, input: Required<PeerProfilePayload>): Promise<PeerProfile> {
  await repo.upsertProfile(
    ctx.db,
    auth.userId,
    {
      level: input.level,
      firstLanguage: input.firstLanguage.trim(),
      languages: input.languages.map((l) => l.trim()),
      interests: input.interests.map((i) => i.trim()),
      availability: input.availability,
    },
    ctx.now(),
  );
  return getProfile(ctx, auth);
}

/** Why "Practise now" is refused right now, or null. */
function refusalOf(state: { profile: repo.ProfileRow | undefined; activeCallId: string | undefined; availableMinutes: number }): string | null {
  if (!state.profile) return peerTexts.needsProfile;
  if (state.profile.suspendedAt) return peerTexts.suspended(state.profile.suspensionReason ?? '');
  if (state.activeCallId) return peerTexts.inCall;
  if (!canStartPeerCall(state.availableMinutes)) return peerTexts.notEnoughMinutes;
  return null;
}

/** GET /api/peer/me */
export async function overview(ctx: AppContext, auth: AuthContext): Promise<PeerOverview> {
  const [profileRow, availableMinutes, plan, queued, activeCallId] = await Promise.all([
    repo.findProfile(ctx.db, auth.userId),
    repo.findBalance(ctx.db, auth.userId),
    repo.latestPeerPlan(ctx.db, auth.userId),
    repo.findQueued(ctx.db, auth.userId),
    repo.activeCallOf(ctx.db, auth.userId),
  ]);
  const profile = profileRow?.profile;
  return {
    profile: profileRow ? toProfile(profileRow) : null,
    availableMinutes,
    plan: plan ? { name: plan.name, boughtAt: plan.boughtAt.toISOString() } : null,
    refusal: refusalOf({ profile, activeCallId, availableMinutes }),
    suspension: profile?.suspendedAt ? { reason: profile.suspensionReason ?? '', at: profile.suspendedAt.toISOString() } : null,
    warning: profile?.lastWarnedAt ? { reason: profile.lastWarningReason ?? '', at: profile.lastWarnedAt.toISOString() } : null,
    queued: queued ? { mode: queued.mode, since: queued.joinedAt.toISOString() } : null,
    activeCallId: activeCallId ?? null,
  };
}

// ---- Minutes ------------------------------------------------------------------------------------

/**
 * A plan bought with peer minutes adds them, in the purchase's transaction, once per subscription
 * the purchase created. Called by the subscriptions feature when it activates a plan.
 */
export async function creditPlanMinutes(tx: Db, credit: { userId: string; minutes: number; subscriptionId: string; now: Date }): Promise<void> {
  if (credit.minutes <= 0) return;
  const balance = await repo.lockBalance(tx, credit.userId);
  if (await repo.hasPlanEntry(tx, credit.subscriptionId)) return;
  await repo.insertEntryAndSetBalance(tx, {
    userId: credit.userId,
    delta: credit.minutes,
    reason: 'plan',
    subscriptionId: credit.subscriptionId,
    balanceAfter: balance + credit.minutes,
    createdAt: credit.now,
  });
}

// ---- The queue ----------------------------------------------------------------------------------

type Matched = { callId: string; mode: PeerCallMode; matchedAt: Date; people: { userId: string; name: string }[] };

/**
 * POST /api/peer/queue: joins the queue (keeping an earlier place) and matches the whole queue
 * at once, under one advisory lock, so every node sees one queue and nobody is matched twice.
 * Both sides of each new call hear `peer:matched` after the commit.
 */
export async function joinQueue(ctx: AppContext, auth: AuthContext, mode: PeerCallMode) {
  const now = ctx.now();
  const { matched, since } = await ctx.db.transaction(async (tx) => {
    await repo.lockQueue(tx, QUEUE_LOCK_KEY);
    const state = await repo.practiceState(tx, auth.userId);
    const refusal = refusalOf({ profile: state?.profile ?? undefined, activeCallId: state?.activeCallId ?? undefined, availableMinutes: state?.availableMinutes ?? 0 });
    if (refusal || !state?.profile) throw new AppError('CONFLICT', refusal ?? peerTexts.needsProfile);
    const since = await repo.enqueue(tx, { userId: auth.userId, level: state.profile.level, firstLanguage: state.profile.firstLanguage, mode, joinedAt: now });
    return { matched: await matchQueue(tx, now), since };
  });
  for (const call of matched) announceMatch(ctx, call);
  const mine = matched.find((call) => call.people.some((p) => p.userId === auth.userId));
  await Promise.all(matched.map((call) => scheduleCheck(ctx, call.callId, new Date(call.matchedAt.getTime() + PEER_JOIN_TIMEOUT_SECONDS * 1000))));
  return mine ? { queued: false, since: null, matchedCallId: mine.callId } : { queued: true, since: since.toISOString(), matchedCallId: null };
}

/** Pairs the queue (under the queue lock): a call per pair, the pair out of the queue. */
async function matchQueue(tx: Db, now: Date): Promise<Matched[]> {
  const queue = await repo.listQueue(tx);
  if (queue.length < 2) return [];
  const ids = queue.map((q) => q.userId);
  const reported = new Set((await repo.reportedPairs(tx, ids)).map((r) => `${r.reporterId}:${r.reportedId}`));
  const { pairs } = matchPeers(
    queue.map((q) => ({ id: q.userId, level: q.level, firstLanguage: q.firstLanguage, joinedAt: q.joinedAt.getTime() })),
    { blocked: (a, b) => reported.has(`${a}:${b}`) || reported.has(`${b}:${a}`) },
  );
  if (!pairs.length) return [];
  const byId = new Map(queue.map((q) => [q.userId, q]));
  const nameOf = new Map((await repo.names(tx, pairs.flat().map((p) => p.id))).map((u) => [u.id, u.name]));
  // Video only when both asked for it.
  const calls = pairs.map(([first, second]) => ({
    mode: (byId.get(first.id)?.mode === 'video' && byId.get(second.id)?.mode === 'video' ? 'video' : 'audio') as PeerCallMode,
    matchedAt: now,
    firstId: first.id,
    secondId: second.id,
  }));
  const callIds = await repo.insertCalls(tx, calls);
  await repo.dequeue(tx, pairs.flat().map((p) => p.id));
  return calls.map((call, i) => ({
    callId: callIds[i]!,
    mode: call.mode,
    matchedAt: now,
    people: [call.firstId, call.secondId].map((userId) => ({ userId, name: nameOf.get(userId) ?? '' })),
  }));
}

function announceMatch(ctx: AppContext, call: Matched) {
  const [a, b] = call.people;
  if (!a || !b) return;
  ctx.realtime.emit([userChannel(a.userId)], 'peer:matched', { callId: call.callId, partnerName: b.name, mode: call.mode });
  ctx.realtime.emit([userChannel(b.userId)], 'peer:matched', { callId: call.callId, partnerName: a.name, mode: call.mode });
}

/** Per app: since when each queued peer has been seen with no open connection, by this node's sweeps. */
const goneSince = new WeakMap<AppContext, Map<string, number>>();

/**
 * Takes out of the queue whoever has had no open connection, on any node, for
 * PEER_QUEUE_ABANDONED_SECONDS (they closed the page), so no partner is matched with someone who
 * left. Seen gone by one sweep and still gone by a later one: a reload or a short drop keeps the
 * place. When a node does not answer, nobody counts as gone.
 */
async function sweepQueue(ctx: AppContext): Promise<void> {
  const seen = goneSince.get(ctx) ?? new Map<string, number>();
  goneSince.set(ctx, seen);
  const queued = (await repo.listQueue(ctx.db)).map((q) => q.userId);
  const now = ctx.now().getTime();
  const abandoned: string[] = [];
  for (const userId of queued) {
    const live = await ctx.realtime.liveConnections([userChannel(userId)]).catch(() => null);
    if (live === null || live.length > 0) {
      seen.delete(userId);
      continue;
    }
    const since = seen.get(userId) ?? now;
    seen.set(userId, since);
    if (now - since >= PEER_QUEUE_ABANDONED_SECONDS * 1000) abandoned.push(userId);
  }
  for (const userId of seen.keys()) if (!queued.includes(userId)) seen.delete(userId);
  if (!abandoned.length) return;
  await ctx.db.transaction(async (tx) => {
    await repo.lockQueue(tx, QUEUE_LOCK_KEY);
    await repo.dequeue(tx, abandoned);
  });
  for (const userId of abandoned) seen.delete(userId);
}

/** DELETE /api/peer/queue */
export async function leaveQueue(ctx: AppContext, auth: AuthContext) {
  await ctx.db.transaction(async (tx) => {
    await repo.lockQueue(tx, QUEUE_LOCK_KEY);
    await repo.dequeue(tx, [auth.userId]);
  });
  return { queued: false, since: null, matchedCallId: null };
}

// ---- Scheduled practice: a slot's call --------------------------------------------------------------

/**
 * Creates the call of a booked slot when its first side joins (the host is the polite side),
 * under the queue lock so matching cannot give either side another call meanwhile: both leave the
 * queue. The call waits for both until `joinDeadline` and ends with the slot at `scheduledEndAt`.
 * Refused when either side is already in a call.
 */
export async function createSlotCall(
  tx: Db,
  slot: { hostId: string; guestId: string; mode: PeerCallMode; joinDeadline: Date; scheduledEndAt: Date; now: Date },
): Promise<string> {
  await repo.lockQueue(tx, QUEUE_LOCK_KEY);
  for (const userId of [slot.hostId, slot.guestId]) if (await repo.activeCallOf(tx, userId)) throw new AppError('CONFLICT', peerTexts.inCall);
  const [callId] = await repo.insertCalls(tx, [{ mode: slot.mode, matchedAt: slot.now, firstId: slot.hostId, secondId: slot.guestId, joinDeadline: slot.joinDeadline, scheduledEndAt: slot.scheduledEndAt }]);
  await repo.dequeue(tx, [slot.hostId, slot.guestId]);
  return callId!;
}

/** A practice time's start as its reader sees it, in their zone ('UTC' for a zone the runtime no longer knows). */
export function practiceTimeFor(startAt: Date, timeZone: string): string {
  try {
    return formatSessionTime(startAt, timeZone);
  } catch {
    return formatSessionTime(startAt, 'UTC');
  }
}

/** A notice to a person, and to their parent too when they are a kid (the parent arranged it). */
export async function notifyWithParent(tx: Db, person: { id: string; name: string; parentId: string | null }, notice: Parameters<typeof notify>[2]): Promise<NotificationRow[]> {
  const rows = [await notify(tx, person.id, notice)];
  // The parent's copy names the kid it is about: a family may have two.
  if (person.parentId) rows.push(await notify(tx, person.parentId, { ...notice, title: `For ${person.name}: ${notice.title}` }));
  return rows;
}

/**
 * Frees the practice times that can no longer take place, before they start: all of a suspended
 * peer's (`userId` alone), or those two peers share after one reported the other (`otherId`). A
 * time the suspended peer hosts is withdrawn; any other goes back to its host, open for others.
 * Everyone else in them is told (a kid's parent too). Answers how many times were freed, and the
 * notices to push once the transaction commits.
 */
export async function releasePracticeTimes(tx: Db, people: { userId: string; otherId?: string }, now: Date): Promise<{ released: number; notices: NotificationRow[] }> {
  const notices: NotificationRow[] = [];
  const pending = await slotRepo.lockPendingSlotsOf(tx, people.userId, now, people.otherId);
  for (const slot of pending) {
    const withdrawn = !people.otherId && slot.hostId === people.userId;
    if (withdrawn) await slotRepo.cancelSlot(tx, slot.id, now);
    else await slotRepo.reopenSlot(tx, slot);
    const toTell = [slot.hostId, slot.guestId].filter((id): id is string => id !== null && (id !== people.userId || people.otherId !== undefined));
    for (const person of toTell.length ? await slotRepo.people(tx, toTell) : []) {
      const link = person.parentId ? '/kid-peer/dashboard' : '/peer-learning/dashboard';
      const notice =
        person.id === slot.hostId && !withdrawn
          ? peerSlotNotices.reopened(practiceTimeFor(slot.startAt, person.timezone))
          : { title: 'A practice time was cancelled', body: peerSlotTexts.cannotTakePlace };
      notices.push(...(await notifyWithParent(tx, person, { kind: 'peer_slot_cancelled', ...notice, link })));
    }
  }
  return { released: pending.length, notices };
}

/** Why the caller may not start a call now (no profile, suspended, in a call, too few minutes), or null. */
export async function practiceRefusal(db: Db, userId: string): Promise<string | null> {
  const state = await repo.practiceState(db, userId);
  return refusalOf({ profile: state?.profile ?? undefined, activeCallId: state?.activeCallId ?? undefined, availableMinutes: state?.availableMinutes ?? 0 });
}

// ---- Calls: access, info, past calls ------------------------------------------------------------

type Membership = { call: repo.CallRow; sides: repo.SideRow[]; mine: repo.SideRow; theirs: repo.SideRow };

async function membership(db: Db, auth: AuthContext, callId: string): Promise<Membership | null> {
  const call = await repo.findCall(db, callId);
  if (!call) return null;
  const sides = await repo.sidesOf(db, callId);
  const mine = sides.find((s) => s.userId === auth.userId);
  const theirs = sides.find((s) => s.userId !== auth.userId);
  return mine && theirs ? { call, sides, mine, theirs } : null;
}

/** The call if the caller is one of its two sides; anyone else gets the 404 of a call that does not exist. */
async function requireMember(db: Db, auth: AuthContext, callId: string): Promise<Membership> {
  const member = await membership(db, auth, callId);
  if (!member) throw notFound(peerTexts.notPart);
  return member;
}

/** Whether the caller may act in the call now: a member, and the call not over. Checked on every socket event. */
export async function admitToCall(ctx: AppContext, auth: AuthContext, callId: string): Promise<Membership> {
  const member = await requireMember(ctx.db, auth, callId);
  if (member.call.status === 'ended') throw new AppError('CONFLICT', peerTexts.callEnded);
  return member;
}

/** GET /api/peer/calls/:id */
export async function callInfo(ctx: AppContext, auth: AuthContext, callId: string): Promise<PeerCallInfo> {
  const { call, mine, theirs } = await requireMember(ctx.db, auth, callId);
  const [partner, myReportAt, myRating] = await Promise.all([
    repo.findProfile(ctx.db, theirs.userId),
    repo.reportedAt(ctx.db, callId, auth.userId),
    repo.ratingBy(ctx.db, callId, auth.userId),
  ]);
  if (!partner) throw notFound(peerTexts.notPart);
  const now = ctx.now();
  const topic = peerTopicFor(call.id);
  return {
    callId: call.id,
    mode: call.mode,
    status: call.status,
    polite: mine.side === 'first',
    partner: {
      name: partner.name,
      avatar: avatarOf(theirs.userId, partner.avatar),
      level: partner.profile.level,
      firstLanguage: partner.profile.firstLanguage,
      languages: partner.profile.languages,
      interests: partner.profile.interests,
      availability: partner.profile.availability,
    },
    topic: { title: topic.title, prompts: [...topic.prompts] },
    matchedAt: call.matchedAt.toISOString(),
    startedAt: call.startedAt?.toISOString() ?? null,
    endsAt: call.endsAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
    endReason: call.endReason && endReasonSeenBy(call, myReportAt),
    reported: myReportAt !== null,
    chargedMinutes: mine.chargedMinutes,
    myRating,
    durationSeconds: call.durationMs === null ? null : durationSecondsOf(call.durationMs),
    iceServers: iceServersFor(ctx.config.ice, auth.userId, now, call.endsAt ?? now),
  };
}

/** GET /api/peer/calls: Past Calls, newest first. */
export async function pastCalls(ctx: AppContext, auth: AuthContext, page: { page: number; limit: number }): Promise<{ items: PeerPastCall[]; total: number }> {
  return pastCallsOf(ctx, auth.userId, page);
}

/** A user's past calls (a parent reads their kid's through kid-peer.service). */
export async function pastCallsOf(ctx: AppContext, userId: string, page: { page: number; limit: number }): Promise<{ items: PeerPastCall[]; total: number }> {
  const { rows, total } = await repo.listPastCalls(ctx.db, userId, page);
  return {
    total,
    items: rows.map((r) => ({
      callId: r.call.id,
      partnerName: r.partnerName,
      mode: r.call.mode,
      topicTitle: peerTopicFor(r.call.id).title,
      startedAt: r.call.startedAt?.toISOString() ?? null,
      endedAt: (r.call.endedAt ?? r.call.matchedAt).toISOString(),
      durationSeconds: durationSecondsOf(r.call.durationMs ?? 0),
      chargedMinutes: r.chargedMinutes ?? 0,
      endReason: endReasonSeenBy(r.call, r.reportedAt),
      myRating: r.myRating,
      reported: r.reportedAt !== null,
    })),
  };
}

/** POST /api/peer/calls/:id/rating: after the call ended, one per side, editable. */
export async function rateCall(ctx: AppContext, auth: AuthContext, callId: string, stars: number) {
  const { call, theirs } = await requireMember(ctx.db, auth, callId);
  if (call.status !== 'ended') throw new AppError('CONFLICT', peerTexts.rateAfterCall);
  await repo.upsertRating(ctx.db, { callId, raterId: auth.userId, rateeId: theirs.userId, stars, now: ctx.now() });
  return { stars };
}

/**
 * POST /api/peer/calls/:id/report: stored for the moderators, once per call and reporter; a call
 * not over yet ends now (reason 'reported', told only to the reporter), and the two are never
 * matched again.
 */
export async function reportCall(ctx: AppContext, auth: AuthContext, callId: string, reason: string) {
  const { theirs } = await requireMember(ctx.db, auth, callId);
  const now = ctx.now();
  const { ended, notices } = await ctx.db.transaction(async (tx) => {
    const stored = await repo.insertReport(tx, { callId, reporterId: auth.userId, reportedId: theirs.userId, reason: reason.trim(), createdAt: now });
    if (!stored) throw new AppError('CONFLICT', peerTexts.alreadyReported);
    // The two are never matched again: the practice times they booked with each other go too.
    return { ended: await finishCall(tx, callId, 'reported', now, auth.userId), notices: (await releasePracticeTimes(tx, { userId: auth.userId, otherId: theirs.userId }, now)).notices };
  });
  if (ended) announceEnd(ctx, ended);
  pushNotifications(ctx, notices);
  return { message: peerTexts.reportSent };
}

// ---- Calls: presence, start and end -------------------------------------------------------------

/**
 * A connection joins the call's page: its presence is recorded (after clearing presence a dead
 * node left behind), the side counts as back, and the first time both sides are present the
 * call starts: the server's clock runs from now and the call ends itself when the smaller
 * balance runs out.
 */
export async function openPresence(ctx: AppContext, auth: AuthContext, join: { callId: string; side: CallSide; connectionId: string; liveConnectionIds: string[] }) {
  const now = ctx.now();
  await reconcilePresence(ctx, join.callId, join.liveConnectionIds);
  const started = await ctx.db.transaction(async (tx) => {
    const call = await repo.lockCall(tx, join.callId);
    if (!call || call.status === 'ended') throw new AppError('CONFLICT', peerTexts.callEnded);
    await repo.openPresence(tx, { connectionId: join.connectionId, callId: join.callId, side: join.side, joinedAt: now, beatAt: now });
    await repo.markJoined(tx, join.callId, join.side, now);
    if (call.status !== 'matched') return null;
    const present = new Set((await repo.presenceOf(tx, join.callId)).map((p) => p.side));
    if (!present.has('first') || !present.has('second')) return null;
    const sides = await repo.sidesOf(tx, join.callId);
    const balances = await Promise.all(sides.map((s) => repo.findBalance(tx, s.userId)));
    const availableMinutes = Math.min(...balances);
    // A scheduled slot's call also ends with its slot, or after the slot's length when it starts early.
    const slot = call.scheduledEndAt ? await slotRepo.findSlotByCall(tx, join.callId) : undefined;
    const slotEndAt = slot ? peerSlotCallSlotEnd(now, slot) : call.scheduledEndAt;
    const endsAt = slotEndAt ? peerSlotCallEndsAt({ startedAt: now, availableMinutes, slotEndAt }) : peerCallDeadline(now, availableMinutes);
    await repo.startCall(tx, join.callId, { startedAt: now, endsAt, scheduledEndAt: slotEndAt });
    return { startedAt: now, endsAt };
  });
  if (started) {
    ctx.realtime.emit([peerCallChannel(join.callId)], 'peer:started', { callId: join.callId, startedAt: started.startedAt.toISOString(), endsAt: started.endsAt.toISOString() });
    await scheduleCheck(ctx, join.callId, started.endsAt);
  }
  const call = await repo.findCall(ctx.db, join.callId);
  return { startedAt: call?.startedAt?.toISOString() ?? null, endsAt: call?.endsAt?.toISOString() ?? null };
}

/** Ends a connection's presence (in one call, or in all of them on disconnect); returns the sides it was in. */
export function closePresence(ctx: AppContext, connectionId: string, callId?: string) {
  return repo.closePresence(ctx.db, connectionId, callId);
}

/**
 * A side whose last connection left: marked gone from now. A live call waits
 * PEER_RECONNECT_GRACE_SECONDS for it, then ends at the moment it left. Returns whether the
 * side is now gone (so the other side can be told).
 */
export async function sideLeft(ctx: AppContext, callId: string, side: CallSide, leftAt = ctx.now()): Promise<boolean> {
  // Under the call's lock, as a join takes it: a rejoin (a refreshed page) that committed its
  // presence is seen, never overwritten by the old connection's leaving.
  const gone = await ctx.db.transaction(async (tx) => {
    await repo.lockCall(tx, callId);
    return repo.markLeft(tx, callId, side, leftAt);
  });
  if (gone) await scheduleCheck(ctx, callId, new Date(leftAt.getTime() + PEER_RECONNECT_GRACE_SECONDS * 1000));
  return gone;
}

/** Whether the partner has a connection in the call (presence a dead node left is cleared on every join and sweep). */
export async function sidePresent(ctx: AppContext, callId: string, side: CallSide): Promise<boolean> {
  return (await repo.presenceOf(ctx.db, callId)).some((p) => p.side === side);
}

/** A node vouches for its connections in calls. */
export const beatPresence = (ctx: AppContext, connectionIds: string[]) => repo.beat(ctx.db, connectionIds, ctx.now());

/**
 * Clears a call's presence whose connection is gone (not live on any node, or not vouched for
 * lately: its node died). A side left with no connection is gone since its last vouched moment.
 */
async function reconcilePresence(ctx: AppContext, callId: string, liveConnectionIds: string[] | null) {
  const now = ctx.now();
  const gone = await repo.deletePresenceOfGoneConnections(ctx.db, callId, liveConnectionIds, new Date(now.getTime() - PRESENCE_STALE_MS));
  const lastSeen = new Map<CallSide, Date>();
  for (const row of gone) if (!lastSeen.has(row.side) || row.beatAt > lastSeen.get(row.side)!) lastSeen.set(row.side, row.beatAt);
  for (const [side, at] of lastSeen) {
    if (await sideLeft(ctx, callId, side, at)) ctx.realtime.emit([peerSideChannel(callId, otherSide(side))], 'peer:presence', { callId, present: false });
  }
}

/** POST hang-up (socket peer:hangup): ends the call now for both; answers the caller's own charge (also when it had already ended). */
export async function hangUp(ctx: AppContext, auth: AuthContext, callId: string): Promise<PeerCallEnded> {
  const { mine } = await requireMember(ctx.db, auth, callId);
  const ended = await ctx.db.transaction((tx) => finishCall(tx, callId, 'hangup', ctx.now()));
  if (ended) {
    announceEnd(ctx, ended);
    return ended.bySide.get(mine.side)!;
  }
  const { call, mine: settled } = await requireMember(ctx.db, auth, callId);
  return endedPayload(call, settled, await repo.reportedAt(ctx.db, callId, auth.userId));
}

/**
 * The end reason one side is told: 'reported' only to the side whose report ended the call (a
 * report sent after the end, by either side, did not end it). Reports and ends share the moment.
 */
function endReasonSeenBy(call: Pick<repo.CallRow, 'endReason' | 'endedAt'>, myReportAt: Date | null): PeerCallEndReason {
  const endedItByReporting = myReportAt !== null && call.endedAt !== null && myReportAt.getTime() <= call.endedAt.getTime();
  return peerEndReasonSeenBy(call.endReason ?? 'hangup', { endedItByReporting });
}

function endedPayload(call: repo.CallRow, side: repo.SideRow, myReportAt: Date | null): PeerCallEnded {
  return {
    callId: call.id,
    reason: endReasonSeenBy(call, myReportAt),
    durationSeconds: durationSecondsOf(call.durationMs ?? 0),
    chargedMinutes: side.chargedMinutes ?? 0,
    remainingMinutes: side.remainingMinutes ?? 0,
  };
}

type Ended = { callId: string; users: Map<CallSide, string>; bySide: Map<CallSide, PeerCallEnded> };

/**
 * Ends a call once, in the caller's transaction: the status moves to ended only if it was not
 * (two enders settle once). The duration runs from the start to `at`, but never past the moment
 * a side left and did not come back, nor past the call's own end; each side is charged
 * peerCallCharge from its own balance. Null when the call was already over. A call a report
 * ends names its `reporterId`: only they are told so.
 */
async function finishCall(tx: Db, callId: string, reason: PeerCallEndReason, at: Date, reporterId?: string): Promise<Ended | null> {
  const call = await repo.lockCall(tx, callId);
  if (!call || call.status === 'ended') return null;
  const sides = await repo.sidesOf(tx, callId);
  let endMs = at.getTime();
  for (const side of sides) if (side.leftAt) endMs = Math.min(endMs, side.leftAt.getTime());
  if (call.endsAt) endMs = Math.min(endMs, call.endsAt.getTime());
  const durationMs = call.startedAt ? Math.max(0, endMs - call.startedAt.getTime()) : 0;
  if (!(await repo.endCall(tx, callId, { endedAt: at, endReason: reason, durationMs }))) return null;
  const ended: Ended = { callId, users: new Map(), bySide: new Map() };
  // Balances locked in user-id order: two calls ending at once never wait on each other in a circle.
  for (const side of [...sides].sort((a, b) => a.userId.localeCompare(b.userId))) {
    const availableMinutes = await repo.lockBalance(tx, side.userId);
    const charge = peerCallCharge({ durationMs, availableMinutes });
    if (charge.chargedMinutes > 0) {
      await repo.insertEntryAndSetBalance(tx, { userId: side.userId, delta: -charge.chargedMinutes, reason: 'call', callId, balanceAfter: charge.remainingMinutes, createdAt: at });
    }
    await repo.settleSide(tx, callId, side.side, charge);
    ended.users.set(side.side, side.userId);
    const seen = peerEndReasonSeenBy(reason, { endedItByReporting: side.userId === reporterId });
    ended.bySide.set(side.side, { callId, reason: seen, durationSeconds: durationSecondsOf(durationMs), ...charge });
  }
  await repo.closeCallPresence(tx, callId);
  return ended;
}

/** After the commit: each side hears its own charge, in every open tab. */
function announceEnd(ctx: AppContext, ended: Ended) {
  for (const [side, userId] of ended.users) ctx.realtime.emit([userChannel(userId)], 'peer:ended', ended.bySide.get(side)!);
}

/** Ends a user's open call, if any (a suspension). */
async function endCallOf(tx: Db, userId: string, reason: PeerCallEndReason, at: Date): Promise<Ended | null> {
  const callId = await repo.activeCallOf(tx, userId);
  return callId ? finishCall(tx, callId, reason, at) : null;
}

// ---- Jobs: the deadline, the join timeout, the reconnect grace, and the sweep --------------------

export async function scheduleCheck(ctx: AppContext, callId: string, dueAt: Date) {
  await ctx.jobs.send<PeerCallCheckJob>(PEER_CALL_CHECK_JOB, { callId, dueAt: dueAt.toISOString() }, { startAfter: dueAt });
}

/**
 * Ends a call whose end has come, as of now: a matched call neither side (or only one) joined
 * within PEER_JOIN_TIMEOUT_SECONDS ('no-show', costs nothing); a live call past its end
 * ('minutes', measured to its end); a live call a side left more than the grace ago
 * ('dropped', measured to when it left). Anything else is left alone: idempotent.
 */
export async function checkCall(ctx: AppContext, callId: string): Promise<PeerCallEndReason | null> {
  const now = ctx.now();
  const ended = await ctx.db.transaction(async (tx) => {
    const call = await repo.lockCall(tx, callId);
    if (!call || call.status === 'ended') return null;
    const reason = dueReason(call, await repo.sidesOf(tx, callId), now);
    return reason ? finishCall(tx, callId, reason, (reason === 'minutes' || reason === 'slot-end') && call.endsAt ? call.endsAt : now) : null;
  });
  if (!ended) return null;
  announceEnd(ctx, ended);
  return ended.bySide.get('first')?.reason ?? null;
}

/** When both sides must have joined: a scheduled slot's own deadline, or the queue's join timeout after the match. */
const joinDeadlineOf = (call: repo.CallRow) => call.joinDeadline ?? new Date(call.matchedAt.getTime() + PEER_JOIN_TIMEOUT_SECONDS * 1000);

function dueReason(call: repo.CallRow, sides: repo.SideRow[], now: Date): PeerCallEndReason | null {
  if (call.status === 'matched') return now.getTime() >= joinDeadlineOf(call).getTime() ? 'no-show' : null;
  if (call.endsAt && now >= call.endsAt) return call.scheduledEndAt && call.endsAt.getTime() >= call.scheduledEndAt.getTime() ? 'slot-end' : 'minutes';
  const graceMs = PEER_RECONNECT_GRACE_SECONDS * 1000;
  return sides.some((s) => s.leftAt && now.getTime() >= s.leftAt.getTime() + graceMs) ? 'dropped' : null;
}

/**
 * Takes peers who left out of the queue (sweepQueue), clears presence that connections gone from
 * every node left (a node killed mid-call), then ends every call whose end is due. Runs on start-up and every minute on each node; everything it
 * does is conditional, so nodes sweeping at once change nothing twice.
 */
export async function sweepCalls(ctx: AppContext): Promise<void> {
  await sweepQueue(ctx);
  const withPresence = await repo.callsWithPresence(ctx.db);
  if (withPresence.length) {
    // Asked of every node at once; if one does not answer, only presence not vouched for lately counts as gone.
    const live = await ctx.realtime.liveConnections(withPresence.map(peerCallChannel)).catch(() => null);
    for (const callId of withPresence) await reconcilePresence(ctx, callId, live);
  }
  const now = ctx.now();
  const due = await repo.overdueCalls(ctx.db, {
    now,
    matchedBefore: new Date(now.getTime() - PEER_JOIN_TIMEOUT_SECONDS * 1000),
    leftBefore: new Date(now.getTime() - PEER_RECONNECT_GRACE_SECONDS * 1000),
  });
  for (const callId of new Set([...due.outOfMinutes, ...due.noShows, ...due.dropped])) await checkCall(ctx, callId);
}

/** Defines the check job, sweeps once, and keeps sweeping every minute until the app closes. */
export async function registerPeerJobs(ctx: AppContext, log: FastifyBaseLogger): Promise<{ stop: () => Promise<void> }> {
  await ctx.jobs.define<PeerCallCheckJob>(
    PEER_CALL_CHECK_JOB,
    async ({ callId, dueAt }) => {
      // A run before its time means only that this process's clock is behind the database's: retried shortly.
      if (ctx.now().getTime() < Date.parse(dueAt) - CLOCK_SKEW_TOLERANCE_MS) throw new Error(`peer call ${callId} is not due yet by this process's clock`);
      await checkCall(ctx, callId);
    },
    JOB_RETRIES,
  );
  let running: Promise<void> = sweepCalls(ctx);
  await running;
  const timer = setInterval(() => {
    running = running.then(() => sweepCalls(ctx)).catch((error: unknown) => log.error({ err: error }, 'the peer call sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running.catch(() => {});
    },
  };
}

// ---- In-call messages ---------------------------------------------------------------------------

function toMessage(row: repo.MessageRow): PeerCallMessage {
  return { _id: row.id, callId: row.callId, senderId: row.senderId, senderName: row.senderName, message: row.message, createdAt: row.createdAt.toISOString() };
}

export async function recentMessages(ctx: AppContext, callId: string): Promise<PeerCallMessage[]> {
  return (await repo.listMessages(ctx.db, callId, MESSAGES_ON_JOIN)).map(toMessage);
}

/** Stores an in-call message, then sends it to both sides: an acknowledged message is kept. */
export async function sendMessage(ctx: AppContext, auth: AuthContext, callId: string, text: string): Promise<PeerCallMessage> {
  await admitToCall(ctx, auth, callId);
  const message = toMessage(await repo.insertMessage(ctx.db, { callId, senderId: auth.userId, message: text.trim(), createdAt: ctx.now() }));
  ctx.realtime.emit([peerCallChannel(callId)], 'peer:message', message);
  return message;
}

// ---- Moderation ---------------------------------------------------------------------------------

export const moderationRefusals = {
  resolved: 'This report has already been resolved.',
  notSuspended: 'This peer is not suspended.',
} as const;

/** GET /api/moderator/peer-reports */
export async function listReports(ctx: AppContext, page: { page: number; limit: number }) {
  const { rows, total } = await repo.listReports(ctx.db, page);
  return {
    total,
    items: rows.map((r) => ({
      _id: r.report.id,
      callId: r.report.callId,
      reason: r.report.reason,
      createdAt: r.report.createdAt.toISOString(),
      reporter: { _id: r.reporter.id, name: r.reporter.name, email: r.reporter.email ?? '' },
      reported: { _id: r.reported.id, name: r.reported.name, email: r.reported.email ?? '', suspended: r.suspended, warnings: r.warnings },
      call: {
        mode: r.call.mode,
        startedAt: r.call.startedAt?.toISOString() ?? null,
        endedAt: r.call.endedAt?.toISOString() ?? null,
        durationSeconds: r.call.durationMs === null ? null : durationSecondsOf(r.call.durationMs),
        endReason: r.call.endReason,
        messages: Number(r.messages ?? 0),
      },
      resolution: r.report.resolution,
    })),
  };
}

type Resolution = 'warn' | 'suspend' | 'dismiss';

/**
 * POST /api/moderator/peer-reports/:id/{warn|suspend|dismiss}: resolves an open report, appends
 * the moderator action, and tells the reported peer. A suspension also takes them out of the
 * queue and ends their open call (reason 'suspended').
 */
export async function resolveReport(ctx: AppContext, moderatorId: string, reportId: string, resolution: Resolution, reason: string) {
  const now = ctx.now();
  const text = reason.trim();
  const outcome = await ctx.db.transaction(async (tx) => {
    const report = await repo.lockReport(tx, reportId);
    if (!report) throw notFound('Report not found');
    if (report.resolution) throw new AppError('CONFLICT', moderationRefusals.resolved);
    const peerId = report.reportedId;
    const notices: NotificationRow[] = [];
    let ended: Ended | null = null;
    if (resolution === 'warn') {
      await repo.addWarning(tx, peerId, text, now);
      notices.push(await notify(tx, peerId, { kind: 'peer_warning', title: 'A warning about your peer practice', body: text, link: '/peer-learning/dashboard' }));
    } else if (resolution === 'suspend') {
      await repo.lockQueue(tx, QUEUE_LOCK_KEY);
      await repo.setSuspension(tx, peerId, { at: now, reason: text }, now);
      await repo.dequeue(tx, [peerId]);
      ended = await endCallOf(tx, peerId, 'suspended', now);
      notices.push(await notify(tx, peerId, { kind: 'peer_suspended', title: 'Your peer practice is suspended', body: text, link: '/peer-learning/dashboard' }));
      notices.push(...(await releasePracticeTimes(tx, { userId: peerId }, now)).notices);
    }
    const stored = ({ warn: 'warned', suspend: 'suspended', dismiss: 'dismissed' } as const)[resolution];
    await repo.resolveReport(tx, reportId, stored, moderatorId, now);
    const action = ({ warn: 'peer.warned', suspend: 'peer.suspended', dismiss: 'peer.report_dismissed' } as const)[resolution];
    await repo.insertModeratorAction(tx, { moderatorId, action, targetUserId: peerId, peerReportId: reportId, reason: text, createdAt: now });
    return { ended, notices };
  });
  if (outcome.ended) announceEnd(ctx, outcome.ended);
  pushNotifications(ctx, outcome.notices);
  return { ok: true as const };
}

/** POST /api/moderator/peers/:userId/unsuspend */
export async function unsuspend(ctx: AppContext, moderatorId: string, userId: string, reason: string) {
  const now = ctx.now();
  const notices = await ctx.db.transaction(async (tx) => {
    const profile = await repo.lockProfile(tx, userId);
    if (!profile) throw notFound('Peer not found');
    if (!profile.suspendedAt) throw new AppError('CONFLICT', moderationRefusals.notSuspended);
    await repo.setSuspension(tx, userId, null, now);
    await repo.insertModeratorAction(tx, { moderatorId, action: 'peer.unsuspended', targetUserId: userId, reason: reason.trim(), createdAt: now });
    return [await notify(tx, userId, { kind: 'peer_unsuspended', title: 'Your peer practice is open again', body: reason.trim(), link: '/peer-learning/dashboard' })];
  });
  pushNotifications(ctx, notices);
  return { ok: true as const };
}
