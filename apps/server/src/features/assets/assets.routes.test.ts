import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idOf = async (email: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const initialsIn = (svg: string) => /aria-label="([^"]*)"/.exec(svg)?.[1];

describe('person avatars by id', () => {
  it('show a tutor’s initials to anyone, and a learner’s only to someone signed in', async () => {
    const stranger = t.client();
    const tutor = await stranger.get(`/api/assets/avatar/${await idOf('tutor@parley.test')}.svg`);
    expect(tutor.statusCode).toBe(200);
    expect(initialsIn(tutor.body)).not.toBe('');
    expect(tutor.headers['cache-control']).toContain('public');

    const learnerUrl = `/api/assets/avatar/${await idOf('parent@parley.test')}.svg`;
    const unknownUrl = `/api/assets/avatar/00000000-0000-4000-8000-000000000000.svg`;
    // A stranger cannot tell a learner's id from one with no account: both are a colour, no initials.
    const toStranger = await stranger.get(learnerUrl);
    expect(initialsIn(toStranger.body)).toBe('');
    expect(initialsIn((await stranger.get(unknownUrl)).body)).toBe('');
    expect(toStranger.headers['cache-control']).toContain('private');

    const tutorClient = await t.signIn('tutor@parley.test', 'teacher');
    expect(initialsIn((await tutorClient.get(learnerUrl)).body)).toBe('SR');
  });
});
