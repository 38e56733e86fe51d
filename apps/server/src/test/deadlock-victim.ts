import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The inserts an exclusion constraint guards, as `table.user column`. */
type GuardedInsert = 'live_sessions.learner_id' | 'peer_slot_holds.user_id';

/**
 * Makes the first insert of `userId`'s row into the target's table fail inside the statement as
 * a deadlock's victim does (SQLSTATE 40P01), so that attempt rolls back whole; later inserts go
 * through. `tries()` answers how many inserts were attempted (a sequence counts them, and keeps
 * counting through rollbacks); `remove()` takes the trigger away.
 */
export const deadlockFirstInsert = (db: Db, target: GuardedInsert, userId: string) => deadlockFirst(db, 'INSERT', target, userId);

/** deadlockFirstInsert for the first delete of the user's own row (a kid's removal reaches every table that references it). */
export const deadlockFirstUserDelete = (db: Db, userId: string) => deadlockFirst(db, 'DELETE', 'users.id', userId);

async function deadlockFirst(db: Db, event: 'INSERT' | 'DELETE', target: string, userId: string) {
  if (!/^[0-9a-f-]{36}$/.test(userId)) throw new Error(`not a uuid: ${userId}`);
  const row = event === 'INSERT' ? 'NEW' : 'OLD';
  const [table, column] = target.split('.');
  const name = `deadlock_once_${userId.replace(/-/g, '')}`;
  await db.execute(sql.raw(`CREATE SEQUENCE ${name}`));
  await db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('${name}') = 1 THEN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END IF;
        RETURN ${row};
      END $$`),
  );
  await db.execute(sql.raw(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW WHEN (${row}.${column} = '${userId}'::uuid) EXECUTE FUNCTION ${name}()`));
  return {
    tries: async () => Number(((await db.execute(sql.raw(`SELECT last_value FROM ${name}`))) as unknown as { rows: { last_value: string }[] }).rows[0]!.last_value),
    remove: async () => {
      await db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`));
      await db.execute(sql.raw(`DROP FUNCTION ${name}()`));
      await db.execute(sql.raw(`DROP SEQUENCE ${name}`));
    },
  };
}
