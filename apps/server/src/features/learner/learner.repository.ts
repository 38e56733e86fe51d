import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function listKids(db: Db, parentId: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.parentId, parentId), eq(users.role, 'kid')))
    .orderBy(asc(users.createdAt));
}

export async function findKid(db: Db, parentId: string, kidId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, kidId), eq(users.parentId, parentId), eq(users.role, 'kid')));
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
) {
  const [row] = await db
    .insert(users)
    .values({ ...kid, role: 'kid' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProfile(
  db: Db,
  userId: string,
  profile: { name: string; phoneNumber: string | null; dob: string | null; country: string; timezone: string },
  phoneChanged: boolean,
) {
  await db
    .update(users)
    .set({ ...profile, ...(phoneChanged ? { isPhoneNumberVerified: false } : {}) })
    .where(eq(users.id, userId));
}
