import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners } from '../../db/schema';

export async function listBanners(db: Db) {
  return db.select().from(banners).orderBy(asc(banners.endsAt));
}
