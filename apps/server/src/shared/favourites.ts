import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { favouriteTeachers } from '../db/schema';

export async function favouriteIds(db: Db, learnerId: string): Promise<Set<string>> {
  const rows = await db.select({ id: favouriteTeachers.teacherId }).from(favouriteTeachers).where(eq(favouriteTeachers.learnerId, learnerId));
  return new Set(rows.map((r) => r.id));
}
