import { eq } from 'drizzle-orm';
import type { PriceSettings } from '@parley/domain/pricing';
import type { Db } from '../../db/client';
import { PRICE_SETTINGS_KEY, settings } from '../../db/schema';

export async function findPriceSettings(db: Db): Promise<Partial<PriceSettings> | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, PRICE_SETTINGS_KEY));
  return row?.value as Partial<PriceSettings> | undefined;
}

export async function upsertPriceSettings(db: Db, value: PriceSettings): Promise<void> {
  await db
    .insert(settings)
    .values({ key: PRICE_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}
