import { defaultPriceSettings, trialPrice, type PriceSettings } from '@parley/domain/pricing';
import type { Money } from '@parley/domain/money';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import * as repo from './pricing.repository';

/**
 * Trial charges, the kids' demo price and the USD→INR rate are stored settings, so they change
 * without a deploy; what is not stored takes the domain's default.
 */
export async function loadPriceSettings(db: Db): Promise<PriceSettings> {
  return { ...defaultPriceSettings, ...((await repo.findPriceSettings(db)) ?? {}) };
}

export async function savePriceSettings(db: Db, value: PriceSettings): Promise<void> {
  await repo.upsertPriceSettings(db, value);
}

/** The trial (demo) price a visitor from `country` pays for `subject`. */
export async function trialPriceFor(ctx: AppContext, query: { country: string; subject: string }): Promise<{ price: Money }> {
  return { price: trialPrice({ ...query, settings: await loadPriceSettings(ctx.db) }) };
}
