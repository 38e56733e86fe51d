import { and, asc, count, eq, gt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { influencers, kidSessionBalances, kidSessionPurchases, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function listKids(db: Db, parentId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.parentId, parentId), eq(users.role, 'kid')))
    .orderBy(asc(users.createdAt));
}

/** One of the parent's own kids; undefined for anyone else's. */
export async function findKid(db: Db, parentId: string, kidId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, kidId), eq(users.parentId, parentId), eq(users.role, 'kid')));
  return row;
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Locks the parent's row for the rest of the transaction, so concurrent kid creations for one
 * parent count their siblings one at a time.
 */
export async function lockParentAndCountKids(db: Db, parentId: string): Promise<number> {
  await db.execute(sql`select id from ${users} where ${users.id} = ${parentId} for update`);
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

export async function totalSessionsAvailable(db: Db, kidId: string): Promise<number> {
  const [row] = await db.select({ n: sum(kidSessionBalances.sessionsAvailable) }).from(kidSessionBalances).where(eq(kidSessionBalances.kidId, kidId));
  return Number(row?.n ?? 0);
}
