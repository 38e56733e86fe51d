import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseVersions, mediaFiles } from '../../db/schema';

export type MediaRow = typeof mediaFiles.$inferSelect;

export async function insertMedia(db: Db, media: typeof mediaFiles.$inferInsert): Promise<MediaRow> {
  const [row] = await db.insert(mediaFiles).values(media).returning();
  return row!;
}

export async function findMedia(db: Db, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row;
}

export async function findMediaByIds(db: Db, ids: readonly string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(mediaFiles).where(inArray(mediaFiles.id, [...new Set(ids)]));
}

/** Whether a moderator approved a version with this cover: until then it is its creator's alone (and the reviewing moderator's). */
export async function isCoverOfApprovedVersion(db: Db, mediaId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: courseVersions.id })
    .from(courseVersions)
    .where(and(eq(courseVersions.coverMediaId, mediaId), eq(courseVersions.status, 'approved')))
    .limit(1);
  return Boolean(row);
}
