import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { peerProfiles, peerReports, peerSlotHolds, peerSlotReminders, peerSlots, users } from '../../db/schema';

export type SlotRow = typeof peerSlots.$inferSelect;

const host = alias(users, 'host');
const guest = alias(users, 'guest');
const hostProfile = alias(peerProfiles, 'host_profile');
const guestProfile = alias(peerProfiles, 'guest_profile');

/** Publishes a slot and holds its time for the host (the exclusion constraint refuses an overlap). */
export async function insertSlot(tx: Db, slot: { hostId: string; startAt: Date; endAt: Date; mode: SlotRow['mode']; createdAt: Date }): Promise<SlotRow> {
  const [row] = await tx.insert(peerSlots).values(slot).returning();
  await tx.insert(peerSlotHolds).values({ slotId: row!.id, userId: slot.hostId, startAt: slot.startAt, endAt: slot.endAt });
  return row!;
}

export async function lockSlot(tx: Db, slotId: string): Promise<SlotRow | undefined> {
  const [row] = await tx.select().from(peerSlots).where(eq(peerSlots.id, slotId)).for('update');
  return row;
}

export async function findSlot(db: Db, slotId: string): Promise<SlotRow | undefined> {
  const [row] = await db.select().from(peerSlots).where(eq(peerSlots.id, slotId));
  return row;
}

export async function findSlotByCall(db: Db, callId: string): Promise<SlotRow | undefined> {
  const [row] = await db.select().from(peerSlots).where(eq(peerSlots.callId, callId));
  return row;
}

/** The guest takes the slot and its time (the exclusion constraint refuses an overlap with their other slots). */
export async function bookSlot(tx: Db, slot: SlotRow, guestId: string, at: Date) {
  await tx.update(peerSlots).set({ guestId, status: 'booked', bookedAt: at }).where(eq(peerSlots.id, slot.id));
  await tx.insert(peerSlotHolds).values({ slotId: slot.id, userId: guestId, startAt: slot.startAt, endAt: slot.endAt });
}

/** The guest gives the slot back: open again for someone else. */
export async function reopenSlot(tx: Db, slot: SlotRow) {
  if (slot.guestId) await tx.delete(peerSlotHolds).where(and(eq(peerSlotHolds.slotId, slot.id), eq(peerSlotHolds.userId, slot.guestId)));
  await tx.update(peerSlots).set({ guestId: null, status: 'open', bookedAt: null }).where(eq(peerSlots.id, slot.id));
}

/** The host withdraws the slot: both sides' time is free again (a cancelled slot has no guest; they were told). */
export async function cancelSlot(tx: Db, slotId: string, at: Date) {
  await tx.delete(peerSlotHolds).where(eq(peerSlotHolds.slotId, slotId));
  await tx.update(peerSlots).set({ status: 'cancelled', cancelledAt: at, guestId: null }).where(eq(peerSlots.id, slotId));
}

export async function setSlotCall(tx: Db, slotId: string, callId: string) {
  await tx.update(peerSlots).set({ callId }).where(and(eq(peerSlots.id, slotId), isNull(peerSlots.callId)));
}

/** The user's slots, hosted or booked, not cancelled, that have not ended by `now`, soonest first, with the other side. */
export function upcomingSlotsOf(db: Db, userId: string, now: Date) {
  return db
    .select({
      slot: peerSlots,
      host: { name: host.name, level: hostProfile.level, firstLanguage: hostProfile.firstLanguage },
      guest: { name: guest.name, level: guestProfile.level, firstLanguage: guestProfile.firstLanguage },
    })
    .from(peerSlots)
    .innerJoin(host, eq(host.id, peerSlots.hostId))
    .leftJoin(hostProfile, eq(hostProfile.userId, peerSlots.hostId))
    .leftJoin(guest, eq(guest.id, peerSlots.guestId))
    .leftJoin(guestProfile, eq(guestProfile.userId, peerSlots.guestId))
    .where(and(or(eq(peerSlots.hostId, userId), eq(peerSlots.guestId, userId)), ne(peerSlots.status, 'cancelled'), gt(peerSlots.endAt, now)))
    .orderBy(asc(peerSlots.startAt))
    .limit(100);
}

/**
 * Open slots others published, starting after `bookableAfter`, whose host has one of `roles` and
 * is at one of `levels`, not suspended, and neither reported by nor reporting `userId` (the
 * service applies the age rule for kids with the hosts' birth dates).
 */
export function openSlotsFor(db: Db, userId: string, filter: { bookableAfter: Date; levels: string[]; roles: (typeof users.$inferSelect.role)[] }) {
  const reportedEitherWay = sql`exists (select 1 from ${peerReports} where (${peerReports.reporterId} = ${userId} and ${peerReports.reportedId} = ${peerSlots.hostId}) or (${peerReports.reportedId} = ${userId} and ${peerReports.reporterId} = ${peerSlots.hostId}))`;
  return db
    .select({
      slot: peerSlots,
      host: { name: host.name, level: hostProfile.level, firstLanguage: hostProfile.firstLanguage },
      hostUser: { role: host.role, dob: host.dob, timezone: host.timezone, kidPeerConsentAt: host.kidPeerConsentAt, level: hostProfile.level },
    })
    .from(peerSlots)
    .innerJoin(host, eq(host.id, peerSlots.hostId))
    .innerJoin(hostProfile, eq(hostProfile.userId, peerSlots.hostId))
    .where(
      and(
        eq(peerSlots.status, 'open'),
        gt(peerSlots.startAt, filter.bookableAfter),
        ne(peerSlots.hostId, userId),
        inArray(host.role, filter.roles),
        inArray(hostProfile.level, filter.levels as (typeof peerProfiles.$inferSelect.level)[]),
        isNull(hostProfile.suspendedAt),
        sql`not ${reportedEitherWay}`,
      ),
    )
    .orderBy(asc(peerSlots.startAt))
    .limit(100);
}

/** Whether either of the two reported the other. */
export async function reportedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: peerReports.id })
    .from(peerReports)
    .where(or(and(eq(peerReports.reporterId, a), eq(peerReports.reportedId, b)), and(eq(peerReports.reporterId, b), eq(peerReports.reportedId, a))))
    .limit(1);
  return Boolean(row);
}

/** Whether either of the two is suspended from peer practice. */
export async function eitherSuspended(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: peerProfiles.userId })
    .from(peerProfiles)
    .where(and(inArray(peerProfiles.userId, [a, b]), isNotNull(peerProfiles.suspendedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * The open or booked slots of `userId` that have not started and have no call yet, locked; with
 * `otherId`, only those the two share (one hosts, the other booked).
 */
export async function lockPendingSlotsOf(tx: Db, userId: string, now: Date, otherId?: string): Promise<SlotRow[]> {
  const involved = otherId
    ? or(and(eq(peerSlots.hostId, userId), eq(peerSlots.guestId, otherId)), and(eq(peerSlots.hostId, otherId), eq(peerSlots.guestId, userId)))
    : or(eq(peerSlots.hostId, userId), eq(peerSlots.guestId, userId));
  return tx
    .select()
    .from(peerSlots)
    .where(and(involved, ne(peerSlots.status, 'cancelled'), isNull(peerSlots.callId), gt(peerSlots.startAt, now)))
    .orderBy(asc(peerSlots.startAt))
    .for('update');
}

/** Claims one reminder for one recipient: true for the first claim only. */
export async function claimReminder(tx: Db, claim: { slotId: string; offsetMin: number; recipientId: string }): Promise<boolean> {
  const rows = await tx.insert(peerSlotReminders).values(claim).onConflictDoNothing().returning({ slotId: peerSlotReminders.slotId });
  return rows.length > 0;
}

const personColumns = { id: users.id, name: users.name, email: users.email, role: users.role, parentId: users.parentId, timezone: users.timezone, dob: users.dob, kidPeerConsentAt: users.kidPeerConsentAt };

export function people(db: Db, ids: string[]) {
  return db.select(personColumns).from(users).where(inArray(users.id, ids));
}

/**
 * The same, each row locked shared in one order for the rest of the transaction: a change to one
 * of them (a kid's date of birth, which decides their age band) waits until it commits, or has
 * committed and is what this reads.
 */
export function lockPeople(tx: Db, ids: string[]) {
  return tx.select(personColumns).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('share');
}
