import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbMode = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  mode: DbMode;
  close: () => Promise<void>;
};

export type OpenDatabaseOptions = {
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; undefined keeps the database in memory. */
  pgliteDir?: string | undefined;
  /** A PGlite data dir dump to start from (tests clone one migrated template). */
  pgliteLoadDataDir?: Blob | undefined;
};

/** DATABASE_URL set → PostgreSQL through `pg`; unset → embedded PGlite. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', () => {});
    return {
      db: drizzleNodePg(pool, { schema }) as unknown as Db,
      mode: 'postgres',
      close: () => pool.end(),
    };
  }
  // PGlite makes only the last folder of its path: a DATA_DIR not made yet is made here.
  if (options.pgliteDir) mkdirSync(path.dirname(path.resolve(options.pgliteDir)), { recursive: true });
  const client = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: path.resolve(options.pgliteDir) } : {}),
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    extensions: { btree_gist },
  });
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    mode: 'pglite',
    close: () => client.close(),
  };
}

export function pgliteClientOf(database: Database): PGlite | undefined {
  if (database.mode !== 'pglite') return undefined;
  return (database.db as unknown as { $client: PGlite }).$client;
}

export function postgresUrlOf(database: Database): string | undefined {
  if (database.mode !== 'postgres') return undefined;
  return (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
}
