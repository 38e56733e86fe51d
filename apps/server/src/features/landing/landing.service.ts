import type { AppContext } from '../../context';
import * as repo from './landing.repository';

/** Every banner with its end date; the client hides the ones that have ended. */
export async function listBanners(ctx: AppContext) {
  const rows = await repo.listBanners(ctx.db);
  return { items: rows.map((b) => ({ ...b, endsAt: b.endsAt.toISOString() })) };
}
