import pg from 'pg';

/** Each run migrates its own template database, so runs on one PostgreSQL server never collide. */
export const templateDbName = (runId: string) => `parley_test_template_${runId}`;

export function databaseUrlWithName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (a create or drop database) on the PostgreSQL server of `databaseUrl`. */
export async function adminQuery(databaseUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
