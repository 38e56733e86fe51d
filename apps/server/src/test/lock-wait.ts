import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Waits until a connection to `db`'s database waits for a lock (PostgreSQL only; up to 10 s, then fails). */
export async function waitForLockWaiter(db: Db, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const result = (await db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if (result.rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} never waited for a lock`);
}
