import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kidMinuteGifts, peerBalances, peerProfiles, users } from '../../db/schema';

// The parent's side of kids peer practice: their kids, with consent, profile and minutes.

const kidColumns = {
  id: users.id,
  name: users.name,
  dob: users.dob,
  timezone: users.timezone,
  consentAt: users.kidPeerConsentAt,
  level: peerProfiles.level,
  firstLanguage: peerProfiles.firstLanguage,
  suspendedAt: peerProfiles.suspendedAt,
  suspensionReason: peerProfiles.suspensionReason,
  availableMinutes: peerBalances.availableMinutes,
};

function kidsQuery(db: Db) {
  return db
    .select(kidColumns)
    .from(users)
    .leftJoin(peerProfiles, eq(peerProfiles.userId, users.id))
    .leftJoin(peerBalances, eq(peerBalances.userId, users.id));
}

export type KidRow = Awaited<ReturnType<typeof kidsOf>>[number];

/** A parent's kids, oldest account first. */
export function kidsOf(db: Db, parentId: string) {
  return kidsQuery(db).where(and(eq(users.parentId, parentId), eq(users.role, 'kid'))).orderBy(asc(users.createdAt));
}

/** One kid of this parent (undefined: not theirs, or not a kid). */
export async function kidOf(db: Db, parentId: string, kidId: string): Promise<KidRow | undefined> {
  const [row] = await kidsQuery(db).where(and(eq(users.id, kidId), eq(users.parentId, parentId), eq(users.role, 'kid')));
  return row;
}

/** A kid in their own session: their row (undefined: not a kid). */
export async function kidById(db: Db, kidId: string): Promise<KidRow | undefined> {
  const [row] = await kidsQuery(db).where(and(eq(users.id, kidId), eq(users.role, 'kid')));
  return row;
}

export async function setConsent(db: Db, kidId: string, at: Date | null) {
  await db.update(users).set({ kidPeerConsentAt: at }).where(and(eq(users.id, kidId), eq(users.role, 'kid')));
}

/**
 * Records a gift of minutes in the transaction that moves them; false when the parent already
 * used its request key. A twin sent at once waits here for the first to commit or roll back.
 */
export async function recordMinuteGift(tx: Db, gift: typeof kidMinuteGifts.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(kidMinuteGifts).values(gift).onConflictDoNothing({ target: [kidMinuteGifts.parentId, kidMinuteGifts.requestKey] }).returning({ id: kidMinuteGifts.id });
  return rows.length === 1;
}

/** The kid the parent gave minutes to under this request key, if any. */
export async function minuteGiftKidId(db: Db, parentId: string, requestKey: string): Promise<string | undefined> {
  const [row] = await db.select({ kidId: kidMinuteGifts.kidId }).from(kidMinuteGifts).where(and(eq(kidMinuteGifts.parentId, parentId), eq(kidMinuteGifts.requestKey, requestKey)));
  return row?.kidId;
}
