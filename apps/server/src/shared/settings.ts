import { eq } from 'drizzle-orm';
import { defaultPriceSettings, type PriceSettings } from '@parley/domain/pricing';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

export const PRICE_SETTINGS_KEY = 'prices';

/** The spec's BUFFER: trial charges and the USD→INR rate, stored so they change without a deploy. */
export async function loadPriceSettings(db: Db): Promise<PriceSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, PRICE_SETTINGS_KEY));
  return { ...defaultPriceSettings, ...((row?.value as Partial<PriceSettings> | undefined) ?? {}) };
}

export async function savePriceSettings(db: Db, value: PriceSettings): Promise<void> {
  await db
    .insert(settings)
    .values({ key: PRICE_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}
