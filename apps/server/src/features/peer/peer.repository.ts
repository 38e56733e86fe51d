import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  moderatorActions,
  peerBalances,
  peerCallMessages,
  peerCallPresence,
  peerCalls,
  peerCallSides,
  peerMinuteEntries,
  peerProfiles,
  peerQueue,
  peerRatings,
  peerReports,
  plans,
  subscriptions,
  users,
} from '../../db/schema';

export type ProfileRow = typeof peerProfiles.$inferSelect;
export type CallRow = typeof peerCalls.$inferSelect;
export type SideRow = typeof peerCallSides.$inferSelect;
export type QueueRow = typeof peerQueue.$inferSelect;
export type PresenceRow = typeof peerCallPresence.$inferSelect;
export type ReportRow = typeof peerReports.$inferSelect;
export type CallSide = SideRow['side'];

// ---- Profiles and people ------------------------------------------------------------------------

export async function findProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ profile: peerProfiles, name: users.name, avatar: users.avatar })
    .from(peerProfiles)
    .innerJoin(users, eq(users.id, peerProfiles.userId))
    .where(eq(peerProfiles.userId, userId));
  return row;
}

/** Creates the profile, or changes the given fields of an existing one. */
export async function upsertProfile(db: Db, userId: string, fields: Pick<ProfileRow, 'level' | 'firstLanguage'> & Partial<Pick<ProfileRow, 'languages' | 'interests' | 'availability'>>, now: Date) {
  await db
    .insert(peerProfiles)
    .values({ userId, ...fields, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: peerProfiles.userId, set: { ...fields, updatedAt: now } });
  // A peer waiting in the queue waits with the level and language they have now.
  await db.update(peerQueue).set({ level: fields.level, firstLanguage: fields.firstLanguage }).where(eq(peerQueue.userId, userId));
}

export async function lockProfile(tx: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await tx.select().from(peerProfiles).where(eq(peerProfiles.userId, userId)).for('update');
  return row;
}

export async function setSuspension(tx: Db, userId: string, suspension: { at: Date; reason: string } | null, now: Date) {
  await tx
    .update(peerProfiles)
    .set({ suspendedAt: suspension?.at ?? null, suspensionReason: suspension?.reason ?? null, updatedAt: now })
    .where(eq(peerProfiles.userId, userId));
}

export async function addWarning(tx: Db, userId: string, reason: string, now: Date) {
  await tx
    .update(peerProfiles)
    .set({ warnings: sql`${peerProfiles.warnings} + 1`, lastWarningReason: reason, lastWarnedAt: now, updatedAt: now })
    .where(eq(peerProfiles.userId, userId));
}

/** The latest plan with peer minutes the user bought, if any. */
export async function latestPeerPlan(db: Db, userId: string) {
  const [row] = await db
    .select({ name: plans.name, boughtAt: subscriptions.createdAt })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.learnerId, userId), gt(plans.peerMinutes, 0)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

// ---- Minutes ------------------------------------------------------------------------------------

export async function findBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ minutes: peerBalances.availableMinutes }).from(peerBalances).where(eq(peerBalances.userId, userId));
  return row?.minutes ?? 0;
}

/** The balance row, created at 0 if missing, locked until the transaction ends. */
export async function lockBalance(tx: Db, userId: string): Promise<number> {
  await tx.insert(peerBalances).values({ userId, availableMinutes: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ minutes: peerBalances.availableMinutes }).from(peerBalances).where(eq(peerBalances.userId, userId)).for('update');
  if (!row) throw new Error('peer balance vanished');
  return row.minutes;
}

export async function hasPlanEntry(tx: Db, subscriptionId: string): Promise<boolean> {
  const [row] = await tx.select({ id: peerMinuteEntries.id }).from(peerMinuteEntries).where(and(eq(peerMinuteEntries.subscriptionId, subscriptionId), eq(peerMinuteEntries.reason, 'plan')));
  return Boolean(row);
}

/** Writes one ledger entry and the balance it leaves, on a balance row the caller locked. */
export async function insertEntryAndSetBalance(
  tx: Db,
  entry: { userId: string; delta: number; reason: 'plan' | 'call' | 'transfer' | 'referral'; subscriptionId?: string; callId?: string; counterpartId?: string; balanceAfter: number; createdAt: Date },
) {
  await tx.insert(peerMinuteEntries).values(entry);
  await tx.update(peerBalances).set({ availableMinutes: entry.balanceAfter, updatedAt: entry.createdAt }).where(eq(peerBalances.userId, entry.userId));
}

// ---- The queue ----------------------------------------------------------------------------------

/** One lock for everyone joining the queue: matching reads and changes the whole queue at once. */
export async function lockQueue(tx: Db, key: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** Joins the queue; someone already in it keeps their place. Returns when they joined. */
export async function enqueue(tx: Db, row: QueueRow): Promise<Date> {
  const [queued] = await tx
    .insert(peerQueue)
    .values(row)
    .onConflictDoUpdate({ target: peerQueue.userId, set: { mode: row.mode, level: row.level, firstLanguage: row.firstLanguage } })
    .returning({ joinedAt: peerQueue.joinedAt });
  return queued!.joinedAt;
}

/** In one round trip: the profile (if any), the balance and whether the user is in a call. */
export async function practiceState(db: Db, userId: string) {
  const [row] = await db
    .select({
      profile: peerProfiles,
      availableMinutes: sql<number>`coalesce((select ${peerBalances.availableMinutes} from ${peerBalances} where ${peerBalances.userId} = ${users.id}), 0)::int`,
      activeCallId: sql<string | null>`(select ${peerCallSides.callId} from ${peerCallSides} where ${peerCallSides.userId} = ${users.id} and ${peerCallSides.active})`,
    })
    .from(users)
    .leftJoin(peerProfiles, eq(peerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export function names(db: Db, userIds: string[]) {
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds));
}

export async function findQueued(db: Db, userId: string): Promise<QueueRow | undefined> {
  const [row] = await db.select().from(peerQueue).where(eq(peerQueue.userId, userId));
  return row;
}

/** Everyone waiting whose practice is not suspended. */
export function listQueue(tx: Db): Promise<QueueRow[]> {
  return tx
    .select({ userId: peerQueue.userId, level: peerQueue.level, firstLanguage: peerQueue.firstLanguage, mode: peerQueue.mode, joinedAt: peerQueue.joinedAt })
    .from(peerQueue)
    .innerJoin(peerProfiles, eq(peerProfiles.userId, peerQueue.userId))
    .where(isNull(peerProfiles.suspendedAt))
    .orderBy(asc(peerQueue.joinedAt), asc(peerQueue.userId));
}

export async function dequeue(tx: Db, userIds: string[]) {
  if (userIds.length) await tx.delete(peerQueue).where(inArray(peerQueue.userId, userIds));
}

/** Reports between any two of these users, either way: they are never matched. */
export function reportedPairs(tx: Db, userIds: string[]) {
  if (!userIds.length) return Promise.resolve([]);
  return tx
    .selectDistinct({ reporterId: peerReports.reporterId, reportedId: peerReports.reportedId })
    .from(peerReports)
    .where(and(inArray(peerReports.reporterId, userIds), inArray(peerReports.reportedId, userIds)));
}

// ---- Calls --------------------------------------------------------------------------------------

/** Creates calls (each with its two sides) in two statements; returns their ids in order. */
export async function insertCalls(
  tx: Db,
  calls: { mode: CallRow['mode']; matchedAt: Date; firstId: string; secondId: string; joinDeadline?: Date; scheduledEndAt?: Date }[],
): Promise<string[]> {
  const rows = await tx
    .insert(peerCalls)
    .values(calls.map((c) => ({ mode: c.mode, matchedAt: c.matchedAt, joinDeadline: c.joinDeadline ?? null, scheduledEndAt: c.scheduledEndAt ?? null })))
    .returning({ id: peerCalls.id });
  await tx.insert(peerCallSides).values(
    calls.flatMap((c, i) => [
      { callId: rows[i]!.id, side: 'first' as const, userId: c.firstId },
      { callId: rows[i]!.id, side: 'second' as const, userId: c.secondId },
    ]),
  );
  return rows.map((r) => r.id);
}

export async function findCall(db: Db, callId: string): Promise<CallRow | undefined> {
  const [row] = await db.select().from(peerCalls).where(eq(peerCalls.id, callId));
  return row;
}

export async function lockCall(tx: Db, callId: string): Promise<CallRow | undefined> {
  const [row] = await tx.select().from(peerCalls).where(eq(peerCalls.id, callId)).for('update');
  return row;
}

export function sidesOf(db: Db, callId: string): Promise<SideRow[]> {
  return db.select().from(peerCallSides).where(eq(peerCallSides.callId, callId)).orderBy(asc(peerCallSides.side));
}

/** The call a user is on the active side of (matched or live), if any. */
export async function activeCallOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ callId: peerCallSides.callId }).from(peerCallSides).where(and(eq(peerCallSides.userId, userId), eq(peerCallSides.active, true)));
  return row?.callId;
}

/** A scheduled call's `scheduledEndAt` becomes when it ends for its slot (earlier than the slot's end when it starts early). */
export async function startCall(tx: Db, callId: string, at: { startedAt: Date; endsAt: Date; scheduledEndAt: Date | null }) {
  await tx
    .update(peerCalls)
    .set({ status: 'live', startedAt: at.startedAt, endsAt: at.endsAt, scheduledEndAt: at.scheduledEndAt })
    .where(and(eq(peerCalls.id, callId), eq(peerCalls.status, 'matched')));
}

export async function endCall(tx: Db, callId: string, end: { endedAt: Date; endReason: NonNullable<CallRow['endReason']>; durationMs: number }): Promise<boolean> {
  const rows = await tx
    .update(peerCalls)
    .set({ status: 'ended', ...end })
    .where(and(eq(peerCalls.id, callId), ne(peerCalls.status, 'ended')))
    .returning({ id: peerCalls.id });
  return rows.length === 1;
}

export async function settleSide(tx: Db, callId: string, side: CallSide, charge: { chargedMinutes: number; remainingMinutes: number }) {
  await tx.update(peerCallSides).set({ ...charge, active: false }).where(and(eq(peerCallSides.callId, callId), eq(peerCallSides.side, side)));
}

export async function markJoined(tx: Db, callId: string, side: CallSide, now: Date) {
  await tx
    .update(peerCallSides)
    .set({ joinedAt: sql`coalesce(${peerCallSides.joinedAt}, ${now.toISOString()}::timestamptz)`, leftAt: null })
    .where(and(eq(peerCallSides.callId, callId), eq(peerCallSides.side, side)));
}

/**
 * Records that a side has gone: only if it had joined, is not already marked gone, and no
 * connection of it is in the call. Run under the call's lock (sideLeft), so a join holding it
 * commits its presence first and wins.
 */
export async function markLeft(tx: Db, callId: string, side: CallSide, leftAt: Date): Promise<boolean> {
  const stillThere = tx
    .select({ one: sql`1` })
    .from(peerCallPresence)
    .where(and(eq(peerCallPresence.callId, callId), eq(peerCallPresence.side, side)));
  const rows = await tx
    .update(peerCallSides)
    .set({ leftAt })
    .where(
      and(
        eq(peerCallSides.callId, callId),
        eq(peerCallSides.side, side),
        isNotNull(peerCallSides.joinedAt),
        isNull(peerCallSides.leftAt),
        eq(peerCallSides.active, true),
        sql`not exists (${stillThere})`,
      ),
    )
    .returning({ callId: peerCallSides.callId });
  return rows.length === 1;
}

// ---- Presence -----------------------------------------------------------------------------------

export async function openPresence(db: Db, row: PresenceRow) {
  await db.insert(peerCallPresence).values(row).onConflictDoUpdate({ target: [peerCallPresence.connectionId, peerCallPresence.callId], set: { beatAt: row.beatAt } });
}

/** Removes a connection's presence (in one call, or in all); returns which call sides it was in. */
export function closePresence(db: Db, connectionId: string, callId?: string) {
  return db
    .delete(peerCallPresence)
    .where(and(eq(peerCallPresence.connectionId, connectionId), callId ? eq(peerCallPresence.callId, callId) : undefined))
    .returning({ callId: peerCallPresence.callId, side: peerCallPresence.side });
}

export async function closeCallPresence(tx: Db, callId: string) {
  await tx.delete(peerCallPresence).where(eq(peerCallPresence.callId, callId));
}

export function presenceOf(db: Db, callId: string): Promise<PresenceRow[]> {
  return db.select().from(peerCallPresence).where(eq(peerCallPresence.callId, callId));
}

/** A node vouches for its connections: they are still there. */
export async function beat(db: Db, connectionIds: string[], now: Date) {
  if (connectionIds.length) await db.update(peerCallPresence).set({ beatAt: now }).where(inArray(peerCallPresence.connectionId, connectionIds));
}

/**
 * Removes a call's presence whose connection is gone: not among the live ones when those are
 * known, else not vouched for since `staleBefore`. Returns what it removed.
 */
export function deletePresenceOfGoneConnections(tx: Db, callId: string, liveConnectionIds: string[] | null, staleBefore: Date) {
  const gone = liveConnectionIds
    ? liveConnectionIds.length
      ? notInArray(peerCallPresence.connectionId, liveConnectionIds)
      : undefined
    : lt(peerCallPresence.beatAt, staleBefore);
  return tx
    .delete(peerCallPresence)
    .where(and(eq(peerCallPresence.callId, callId), gone))
    .returning({ side: peerCallPresence.side, beatAt: peerCallPresence.beatAt });
}

/** Calls that are not over and have someone's presence recorded: what the sweep checks. */
export async function callsWithPresence(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ callId: peerCallPresence.callId }).from(peerCallPresence).innerJoin(peerCalls, eq(peerCalls.id, peerCallPresence.callId)).where(ne(peerCalls.status, 'ended'));
  return rows.map((r) => r.callId);
}

/** Calls whose end has come and that are still open: the minutes ran out, nobody showed up, or a side never came back. */
export async function overdueCalls(db: Db, limits: { now: Date; matchedBefore: Date; leftBefore: Date }) {
  const outOfMinutes = await db
    .select({ id: peerCalls.id })
    .from(peerCalls)
    .where(and(eq(peerCalls.status, 'live'), lte(peerCalls.endsAt, limits.now)));
  const noShows = await db
    .select({ id: peerCalls.id })
    .from(peerCalls)
    .where(
      and(
        eq(peerCalls.status, 'matched'),
        or(and(isNull(peerCalls.joinDeadline), lte(peerCalls.matchedAt, limits.matchedBefore)), lte(peerCalls.joinDeadline, limits.now)),
      ),
    );
  const dropped = await db
    .selectDistinct({ id: peerCalls.id })
    .from(peerCalls)
    .innerJoin(peerCallSides, eq(peerCallSides.callId, peerCalls.id))
    .where(and(eq(peerCalls.status, 'live'), lte(peerCallSides.leftAt, limits.leftBefore)));
  return { outOfMinutes: outOfMinutes.map((r) => r.id), noShows: noShows.map((r) => r.id), dropped: dropped.map((r) => r.id) };
}

// ---- Messages -----------------------------------------------------------------------------------

export type MessageRow = { id: string; callId: string; senderId: string; senderName: string; message: string; createdAt: Date };

export async function insertMessage(db: Db, message: { callId: string; senderId: string; message: string; createdAt: Date }): Promise<MessageRow> {
  const [row] = await db.insert(peerCallMessages).values(message).returning();
  const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, message.senderId));
  return { ...row!, senderName: sender?.name ?? '' };
}

export async function listMessages(db: Db, callId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select({
      id: peerCallMessages.id,
      callId: peerCallMessages.callId,
      senderId: peerCallMessages.senderId,
      senderName: users.name,
      message: peerCallMessages.message,
      createdAt: peerCallMessages.createdAt,
    })
    .from(peerCallMessages)
    .innerJoin(users, eq(users.id, peerCallMessages.senderId))
    .where(eq(peerCallMessages.callId, callId))
    .orderBy(desc(peerCallMessages.createdAt), desc(peerCallMessages.id))
    .limit(limit);
  return rows.reverse();
}

// ---- Past calls, ratings, reports ---------------------------------------------------------------

const mine = alias(peerCallSides, 'mine');
const theirs = alias(peerCallSides, 'theirs');

/** Ended calls of a user, newest first, with the partner's name, the user's rating and whether they reported it. */
export async function listPastCalls(db: Db, userId: string, page: { page: number; limit: number }) {
  const where = and(eq(mine.userId, userId), eq(peerCalls.status, 'ended'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        call: peerCalls,
        chargedMinutes: mine.chargedMinutes,
        partnerName: users.name,
        myRating: peerRatings.stars,
        reportedAt: peerReports.createdAt,
      })
      .from(mine)
      .innerJoin(peerCalls, eq(peerCalls.id, mine.callId))
      .innerJoin(theirs, and(eq(theirs.callId, mine.callId), ne(theirs.side, mine.side)))
      .innerJoin(users, eq(users.id, theirs.userId))
      .leftJoin(peerRatings, and(eq(peerRatings.callId, mine.callId), eq(peerRatings.raterId, userId)))
      .leftJoin(peerReports, and(eq(peerReports.callId, mine.callId), eq(peerReports.reporterId, userId)))
      .where(where)
      .orderBy(desc(peerCalls.endedAt), desc(peerCalls.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(mine).innerJoin(peerCalls, eq(peerCalls.id, mine.callId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function upsertRating(db: Db, rating: { callId: string; raterId: string; rateeId: string; stars: number; now: Date }) {
  await db
    .insert(peerRatings)
    .values({ callId: rating.callId, raterId: rating.raterId, rateeId: rating.rateeId, stars: rating.stars, createdAt: rating.now, updatedAt: rating.now })
    .onConflictDoUpdate({ target: [peerRatings.callId, peerRatings.raterId], set: { stars: rating.stars, updatedAt: rating.now } });
}

/** Stores a report; false when the reporter has already reported this call (the unique call and reporter). */
export async function insertReport(tx: Db, report: { callId: string; reporterId: string; reportedId: string; reason: string; createdAt: Date }): Promise<boolean> {
  const inserted = await tx.insert(peerReports).values(report).onConflictDoNothing({ target: [peerReports.callId, peerReports.reporterId] }).returning({ id: peerReports.id });
  return inserted.length > 0;
}

/** The stars `raterId` gave the call (null: not rated). */
export async function ratingBy(db: Db, callId: string, raterId: string): Promise<number | null> {
  const [row] = await db
    .select({ stars: peerRatings.stars })
    .from(peerRatings)
    .where(and(eq(peerRatings.callId, callId), eq(peerRatings.raterId, raterId)));
  return row?.stars ?? null;
}

/** When `reporterId` reported the call (null: they have not). */
export async function reportedAt(db: Db, callId: string, reporterId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: peerReports.createdAt })
    .from(peerReports)
    .where(and(eq(peerReports.callId, callId), eq(peerReports.reporterId, reporterId)));
  return row?.createdAt ?? null;
}

export async function lockReport(tx: Db, reportId: string): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(peerReports).where(eq(peerReports.id, reportId)).for('update');
  return row;
}

export async function resolveReport(tx: Db, reportId: string, resolution: NonNullable<ReportRow['resolution']>, by: string, at: Date) {
  await tx.update(peerReports).set({ resolution, resolvedBy: by, resolvedAt: at }).where(eq(peerReports.id, reportId));
}

export async function insertModeratorAction(tx: Db, action: typeof moderatorActions.$inferInsert) {
  await tx.insert(moderatorActions).values(action);
}

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');

/** Reports, newest first, with both people, the reported peer's standing and the call's metadata. */
export async function listReports(db: Db, page: { page: number; limit: number }) {
  const standing = (column: typeof peerProfiles.suspendedAt | typeof peerProfiles.warnings) =>
    sql`(select ${column} from ${peerProfiles} where ${peerProfiles.userId} = ${peerReports.reportedId})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        report: peerReports,
        reporter: { id: reporter.id, name: reporter.name, email: reporter.email },
        reported: { id: reported.id, name: reported.name, email: reported.email },
        suspended: sql<boolean>`coalesce(${standing(peerProfiles.suspendedAt)} is not null, false)`,
        warnings: sql<number>`coalesce(${standing(peerProfiles.warnings)}, 0)::int`,
        call: peerCalls,
        messages: sql<number>`(select count(*) from ${peerCallMessages} where ${peerCallMessages.callId} = ${peerReports.callId})::int`,
      })
      .from(peerReports)
      .innerJoin(reporter, eq(reporter.id, peerReports.reporterId))
      .innerJoin(reported, eq(reported.id, peerReports.reportedId))
      .innerJoin(peerCalls, eq(peerCalls.id, peerReports.callId))
      .orderBy(desc(peerReports.createdAt), desc(peerReports.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(peerReports),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateAccountDetails(db: Db, userId: string, details: { name: string; country: string; timezone: string }) {
  await db.update(users).set({ name: details.name, country: details.country, timezone: details.timezone }).where(eq(users.id, userId));
}
