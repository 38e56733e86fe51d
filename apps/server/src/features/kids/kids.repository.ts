import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { kidProfileTies, type KidProfileTie } from '@parley/domain/kids';
import type { Db } from '../../db/client';
import {
  authSessions,
  chatRooms,
  influencers,
  kidMinuteGifts,
  kidSessionBalances,
  kidSessionPurchases,
  liveSessions,
  peerBalances,
  peerCallSides,
  peerMinuteEntries,
  peerQueue,
  peerSlots,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function listKids(db: Db, parentId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.parentId, parentId), eq(users.role, 'kid')))
    .orderBy(asc(users.createdAt));
}

const ownKid = (parentId: string, kidId: string) => and(eq(users.id, kidId), eq(users.parentId, parentId), eq(users.role, 'kid'));

/** One of the parent's own kids; undefined for anyone else's. */
export async function findKid(db: Db, parentId: string, kidId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(ownKid(parentId, kidId));
  return row;
}

/**
 * One of the parent's own kids, locked for the rest of the transaction. Whatever would tie
 * something to the kid (a purchase, a booking, a chat room: each inserts a row referencing it)
 * waits for this transaction, then finds the kid as this one left it.
 */
export async function lockKid(tx: Db, parentId: string, kidId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(ownKid(parentId, kidId)).for('update');
  return row;
}

/** Sets a kid's name and date of birth (the caller holds the kid's row). */
export async function updateKid(db: Db, kidId: string, profile: { name: string; dob: string | null }): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(profile).where(eq(users.id, kidId)).returning();
  return row;
}

/** What ties the kid's profile down (see kidProfileTies), read in one statement. */
export async function tiesOfKid(tx: Db, kidId: string): Promise<KidProfileTie[]> {
  // The kid's id goes in as a parameter: Drizzle writes a selected expression's columns without
  // their table, so `users.id` in a subquery would be read as the subquery's own id.
  const [row] = await tx
    .select({
      sessions: sql<boolean>`exists (select 1 from ${liveSessions} where ${liveSessions.learnerId} = ${kidId})`,
      purchases: sql<boolean>`${users.isDemoPayed}
        or exists (select 1 from ${kidSessionPurchases} where ${kidSessionPurchases.kidId} = ${kidId})
        or exists (select 1 from ${kidSessionBalances} where ${kidSessionBalances.kidId} = ${kidId})`,
      'peer practice': sql<boolean>`exists (select 1 from ${peerBalances} where ${peerBalances.userId} = ${kidId} and ${peerBalances.availableMinutes} > 0)
        or exists (select 1 from ${peerMinuteEntries} where ${peerMinuteEntries.userId} = ${kidId} or ${peerMinuteEntries.counterpartId} = ${kidId})
        or exists (select 1 from ${kidMinuteGifts} where ${kidMinuteGifts.kidId} = ${kidId})
        or exists (select 1 from ${peerCallSides} where ${peerCallSides.userId} = ${kidId})
        or exists (select 1 from ${peerSlots} where ${peerSlots.hostId} = ${kidId} or ${peerSlots.guestId} = ${kidId})
        or exists (select 1 from ${peerQueue} where ${peerQueue.userId} = ${kidId})`,
      chats: sql<boolean>`exists (select 1 from ${chatRooms} where ${chatRooms.learnerId} = ${kidId})`,
    })
    .from(users)
    .where(eq(users.id, kidId));
  return row ? kidProfileTies.filter((tie) => row[tie]) : [];
}

/** The kid's sessions still open (a parent's browser switched to the kid, or the kid's own). */
export async function openSessionIdsOf(tx: Db, kidId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, kidId), isNull(authSessions.revokedAt)));
  return rows.map((r) => r.id);
}

/** Deletes the kid's row; what only the profile held (its sign-in sessions, a peer level, no minutes) goes with it. */
export async function deleteKid(tx: Db, kidId: string): Promise<void> {
  await tx.delete(users).where(and(eq(users.id, kidId), eq(users.role, 'kid')));
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Locks the parent's row for the rest of the transaction, so concurrent kid creations and edits
 * for one parent count and name their siblings one at a time. The lock leaves alone rows that only
 * refer to the parent (a notice to them written by a booking this edit may wait for).
 */
export async function lockParentAndCountKids(db: Db, parentId: string): Promise<number> {
  await db.execute(sql`select id from ${users} where ${users.id} = ${parentId} for no key update`);
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.parentId, parentId));
  return row?.n ?? 0;
}

export async function insertKid(
  db: Db,
  kid: { parentId: string; name: string; avatar: string; dob: string | null; country: string; timezone: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...kid, role: 'kid' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Marks the kid's demo paid unless it already was: false means another purchase got there first. */
export async function claimKidDemo(tx: Db, kidId: string): Promise<boolean> {
  const claimed = await tx.update(users).set({ isDemoPayed: true }).where(and(eq(users.id, kidId), eq(users.isDemoPayed, false))).returning({ id: users.id });
  return claimed.length === 1;
}

export async function findInfluencerByCode(db: Db, code: string) {
  const [influencer] = await db.select().from(influencers).where(eq(influencers.referralCode, code.toUpperCase()));
  return influencer;
}

export type KidSessionPurchaseRow = typeof kidSessionPurchases.$inferSelect;

/**
 * Records a purchase in the transaction that pays for it. A request key the parent already used
 * is a unique violation: at once, this insert waits for the other transaction and then fails.
 */
export async function insertPurchase(tx: Db, purchase: typeof kidSessionPurchases.$inferInsert): Promise<void> {
  await tx.insert(kidSessionPurchases).values(purchase);
}

/** The parent's purchase made under this request key, if any. */
export async function findPurchaseByKey(db: Db, parentId: string, requestKey: string): Promise<KidSessionPurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(kidSessionPurchases)
    .where(and(eq(kidSessionPurchases.parentId, parentId), eq(kidSessionPurchases.requestKey, requestKey)));
  return row;
}

/** Adds purchased sessions to the kid's balance for a subject; returns the new balance. */
export async function addSessions(tx: Db, kidId: string, subject: string, sessions: number): Promise<number> {
  const [balance] = await tx
    .insert(kidSessionBalances)
    .values({ kidId, subject, sessionsAvailable: sessions })
    .onConflictDoUpdate({
      target: [kidSessionBalances.kidId, kidSessionBalances.subject],
      set: { sessionsAvailable: sql`${kidSessionBalances.sessionsAvailable} + ${sessions}` },
    })
    .returning();
  return balance!.sessionsAvailable;
}

/** Takes one purchased session off, if one is left; false when none are. */
export async function spendSession(tx: Db, kidId: string, subject: string): Promise<boolean> {
  const rows = await tx
    .update(kidSessionBalances)
    .set({ sessionsAvailable: sql`${kidSessionBalances.sessionsAvailable} - 1` })
    .where(and(eq(kidSessionBalances.kidId, kidId), eq(kidSessionBalances.subject, subject), gt(kidSessionBalances.sessionsAvailable, 0)))
    .returning({ left: kidSessionBalances.sessionsAvailable });
  return rows.length === 1;
}

/** The kid's purchased sessions left for one subject. */
export async function sessionsAvailable(db: Db, kidId: string, subject: string): Promise<number> {
  const [row] = await db
    .select({ n: kidSessionBalances.sessionsAvailable })
    .from(kidSessionBalances)
    .where(and(eq(kidSessionBalances.kidId, kidId), eq(kidSessionBalances.subject, subject)));
  return row?.n ?? 0;
}

export async function listBalances(db: Db, kidId: string) {
  return db.select().from(kidSessionBalances).where(eq(kidSessionBalances.kidId, kidId));
}
