import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { serverRoot } from '../config';
import type { Database } from './client';

const migrationsFolder = path.join(serverRoot, 'drizzle');

/**
 * Applies the committed migrations. From code, not drizzle-kit: drizzle-kit's pglite driver
 * silently skips CREATE EXTENSION. PostgreSQL runs them under an advisory lock so
 * several server processes can start at once.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.mode === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const db = database.db as unknown as NodePgDatabase;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7402157)`);
    await migrateNodePg(tx as unknown as NodePgDatabase, { migrationsFolder });
  });
}
