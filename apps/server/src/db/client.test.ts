import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const root = mkdtempSync(path.join(os.tmpdir(), 'parley-client-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('opens in a DATA_DIR nobody made yet', async () => {
    const database = await openDatabase({ pgliteDir: path.join(root, 'not', 'made', 'yet', 'pglite') });
    try {
      const rows = await database.db.execute(sql`select 1 as one`);
      expect(JSON.stringify(rows)).toContain('"one":1');
    } finally {
      await database.close();
    }
  });
});
