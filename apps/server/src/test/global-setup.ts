import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteClientOf } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemoData } from '../db/seed/seed';
import { loadConfig } from '../config';
import { createLocalMediaStore } from '../media/media-store';
import { randomBytes } from 'node:crypto';
import { databaseUrlWithName, templateDbName } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    databaseUrl: string;
    templateDb: string;
  }
}

/**
 * Migrates and seeds one template database per run; each test file clones it, which is far
 * cheaper than migrating again. DATABASE_URL set → a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL ?? '';
  project.provide('databaseUrl', databaseUrl);
  // The seeded course media go where the test apps read them: their default DATA_DIR (harness.ts).
  const media = createLocalMediaStore(path.join(loadConfig({ NODE_ENV: 'test', TOKEN_SECRET: 'x'.repeat(32) }).dataDir, 'media'));
  if (databaseUrl) {
    const templateDb = templateDbName(randomBytes(4).toString('hex'));
    project.provide('templateDb', templateDb);
    await recreateDatabase(databaseUrl, templateDb);
    const database = await openDatabase({ databaseUrl: databaseUrlWithName(databaseUrl, templateDb) });
    await migrateDatabase(database);
    await seedDemoData(database.db, media);
    await database.close();
    project.provide('pgliteTemplate', '');
    return () => dropDatabase(databaseUrl, templateDb);
  }
  project.provide('templateDb', '');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-template-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  await seedDemoData(database.db, media);
  const dump = await pgliteClientOf(database)!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function dropDatabase(databaseUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

async function recreateDatabase(databaseUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}
