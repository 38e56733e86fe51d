import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { openDatabase } from '../client';
import { migrateDatabase } from '../migrate';
import { ENGLISH_CLASS_DURATION_MIN } from '@parley/domain/sessions';
import { banners, liveSessions, settings, users } from '../schema';
import { DEMO_SEEDED_KEY, seedIfWanted } from './seed';

// The demo data goes into an empty database once, in full: a start a crash cut off while seeding
// finishes it at the next start; a database seeded whole, or one of real users, is left alone.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bannerCodes = async () => (await t.ctx.db.select({ code: banners.code }).from(banners)).map((b) => b.code).sort();
const marked = async () => (await t.ctx.db.select().from(settings).where(eq(settings.key, DEMO_SEEDED_KEY))).length === 1;

describe('seeding the demo data at start', () => {
  it('leaves a database seeded whole alone', async () => {
    expect(await marked()).toBe(true);
    await t.ctx.db.delete(banners).where(eq(banners.code, 'JUNE30'));
    await seedIfWanted(t.ctx.db, t.ctx.media, undefined);
    expect(await bannerCodes()).toEqual(['MEGA30']);
  });

  it('finishes a seed a crash cut off (demo accounts there, the mark of a whole seed not)', async () => {
    await t.ctx.db.delete(settings).where(eq(settings.key, DEMO_SEEDED_KEY));
    await seedIfWanted(t.ctx.db, t.ctx.media, undefined);
    expect(await bannerCodes()).toEqual(['JUNE30', 'MEGA30']);
    expect(await marked()).toBe(true);
  });

  it('marks, without seeding again, a database seeded before the mark that has real users too', async () => {
    await t.ctx.db.delete(settings).where(eq(settings.key, DEMO_SEEDED_KEY));
    await t.ctx.db.insert(users).values({ role: 'learner', email: 'real.person@example.com', name: 'Real Person' });
    await t.ctx.db.delete(banners).where(eq(banners.code, 'JUNE30'));
    await seedIfWanted(t.ctx.db, t.ctx.media, undefined);
    expect(await bannerCodes()).toEqual(['MEGA30']);
    expect(await marked()).toBe(true);
  });

  it('never seeds a database of real users', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-seed-'));
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    try {
      await migrateDatabase(database);
      await database.db.insert(users).values({ role: 'learner', email: 'someone@example.com', name: 'Real Person' });
      await seedIfWanted(database.db, t.ctx.media, undefined);
      expect((await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(1);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the demo classes', () => {
  it('last as long as a class of their subject: the two booked English classes 15 minutes', async () => {
    const classes = await t.ctx.db
      .select({ email: users.email, subject: liveSessions.subject, startAt: liveSessions.startAt, endAt: liveSessions.endAt })
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.learnerId))
      .where(sql`${users.email} in ('classroom@parley.test', 'latecancel@parley.test')`);
    expect(ENGLISH_CLASS_DURATION_MIN).toBe(15);
    expect(classes.map((c) => [c.email, c.subject, (c.endAt.getTime() - c.startAt.getTime()) / 60_000]).sort()).toEqual([
      ['classroom@parley.test', 'English', 15],
      ['latecancel@parley.test', 'English', 15],
    ]);
  });
});
