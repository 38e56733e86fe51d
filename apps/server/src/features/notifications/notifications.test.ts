import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { liveSockets, nextEvent, recordEvents } from '../../test/live-socket';
import { notify, pushNotifications, sessionLearnerRecipients, type NotificationRow } from './notifications.service';

let t: TestApp;
let baseUrl: string;
const sockets = liveSockets(() => t, () => baseUrl);

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const idOf = async (email: string, role = 'learner') =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.role, role as 'learner'))))[0]!.id;

/** Stores notifications in one transaction, as a feature does beside its own change. */
const store = (userId: string, titles: string[]): Promise<NotificationRow[]> =>
  t.ctx.db.transaction(async (tx) => {
    const rows: NotificationRow[] = [];
    for (const title of titles) rows.push(await notify(tx, userId, { kind: 'test', title, body: `${title} body` }));
    return rows;
  });

/** A learner's tab: a live socket signed in as `c`. */
const open = (c: TestClient) => sockets.open(c, 'learner');

const list = async (c: TestClient, headers: Record<string, string> = {}) => (await c.send('GET', '/api/notifications', undefined, headers)).json();

describe('the bell', () => {
  it('lists the latest 20, newest first, with the unread count, for the owner only', async () => {
    const learner = await t.signIn('learner@parley.test');
    const learnerId = await idOf('learner@parley.test');
    await store(learnerId, Array.from({ length: 22 }, (_, i) => `Note ${i + 1}`));
    const other = await t.signIn('ielts@parley.test');
    await store(await idOf('ielts@parley.test'), ['Not yours']);

    const mine = await list(learner);
    expect(mine.items).toHaveLength(20);
    expect(mine.unread).toBe(22);
    expect(mine.hasMore).toBe(true);
    expect(mine.items[0]).toMatchObject({ kind: 'test', title: 'Note 22', body: 'Note 22 body', link: null, readAt: null });
    // Stored in one transaction, many share a millisecond of PGlite's clock: they still list in the order they were stored.
    expect(mine.items.map((n: { title: string }) => n.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Note ${22 - i}`));
    expect(mine.items.some((n: { title: string }) => n.title === 'Not yours')).toBe(false);
    expect((await list(other)).items.map((n: { title: string }) => n.title)).toEqual(['Not yours']);
    expect((await list(other)).hasMore).toBe(false);
  });

  it('lists older ones on asking for more, up to 100, and says when there are none older', async () => {
    const reader = await t.signIn('curriculum@parley.test');
    await store(await idOf('curriculum@parley.test'), Array.from({ length: 41 }, (_, i) => `Older ${i + 1}`));
    const more = (await reader.get('/api/notifications?limit=40')).json();
    expect(more.items.map((n: { title: string }) => n.title)).toEqual(Array.from({ length: 40 }, (_, i) => `Older ${41 - i}`));
    expect(more.hasMore).toBe(true);
    const all = (await reader.get('/api/notifications?limit=60')).json();
    expect(all.items).toHaveLength(41);
    expect(all.hasMore).toBe(false);
    for (const limit of ['0', '101', 'x']) expect((await reader.get(`/api/notifications?limit=${limit}`)).statusCode, limit).toBe(400);
  });

  it('marks the given ids read, never another user’s, and all when no ids are given', async () => {
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const tutorId = await idOf('tutor@parley.test', 'teacher');
    const [first, second] = await store(tutorId, ['First', 'Second']);
    const stranger = await t.signIn('moderator@parley.test', 'moderator');
    const strangerRows = await store(await idOf('moderator@parley.test', 'moderator'), ['Moderator note']);

    // Another user's id is ignored, not marked.
    expect((await tutor.post('/api/notifications/read', { ids: [first!.id, strangerRows[0]!.id] })).statusCode).toBe(204);
    const after = await list(tutor);
    expect(after.unread).toBe(1);
    expect(after.items.find((n: { _id: string }) => n._id === first!.id).readAt).toEqual(expect.any(String));
    expect(after.items.find((n: { _id: string }) => n._id === second!.id).readAt).toBeNull();
    expect((await list(stranger)).unread).toBe(1);

    expect((await tutor.post('/api/notifications/read', { ids: [] })).statusCode).toBe(204);
    expect((await list(tutor)).unread).toBe(1);
    expect((await tutor.post('/api/notifications/read', {})).statusCode).toBe(204);
    expect((await list(tutor)).unread).toBe(0);
    expect((await list(stranger)).unread).toBe(1);
    const [strangerRow] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, strangerRows[0]!.id));
    expect(strangerRow!.readAt).toBeNull();
  });

  it('answers every role with a shell, and no one signed out', async () => {
    for (const [email, role] of [['peer@parley.test', 'peer'], ['affiliate@parley.test', 'influencer'], ['creator@parley.test', 'creator']] as const) {
      const c = await t.signIn(email, role);
      expect((await c.get('/api/notifications')).statusCode).toBe(200);
      expect((await c.post('/api/notifications/read', {})).statusCode).toBe(204);
    }
    expect((await t.client().get('/api/notifications')).statusCode).toBe(401);
    expect((await t.client().post('/api/notifications/read', {})).statusCode).toBe(401);
    const learner = await t.signIn('learner@parley.test');
    expect((await learner.post('/api/notifications/read', { ids: ['not-a-uuid'] })).statusCode).toBe(400);
  });

  it('a kid has their own bell, and a kid’s session notices reach the parent too', async () => {
    const parent = await t.signIn('parent@parley.test');
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const aarav = kids.find((k: { name: string }) => k.name === 'Aarav Rao');
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    const parentId = await idOf('parent@parley.test');

    expect(await sessionLearnerRecipients(t.ctx.db, aarav._id)).toEqual([aarav._id, parentId]);
    expect(await sessionLearnerRecipients(t.ctx.db, parentId)).toEqual([parentId]);
    await store(aarav._id, ['For Aarav']);
    const kidBell = await list(parent, { 'x-parley-as': 'kid' });
    expect(kidBell.items.map((n: { title: string }) => n.title)).toEqual(['For Aarav']);
    expect((await list(parent, { 'x-parley-as': 'learner' })).items.some((n: { title: string }) => n.title === 'For Aarav')).toBe(false);
  });

  it('pushes a committed notification to the user’s open tabs only', async () => {
    const learner = await t.signIn('newbie@parley.test');
    const learnerId = await idOf('newbie@parley.test');
    const other = await t.signIn('curriculum@parley.test');
    const mine = await open(learner);
    const theirs = await open(other);
    const strayed = recordEvents(theirs, 'notification');
    const arrived = nextEvent(mine, 'notification');

    const rows = await store(learnerId, ['Live one']);
    pushNotifications(t.ctx, rows);
    expect(await arrived).toEqual({ _id: rows[0]!.id, kind: 'test', title: 'Live one', body: 'Live one body', link: null, readAt: null, createdAt: rows[0]!.createdAt.toISOString() });
    // A round trip on the other socket's connection, so a stray event would have arrived by now.
    await other.get('/api/notifications');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strayed).toEqual([]);
  });

  it('tells the user’s other open tabs when notifications are marked read, and only when one was', async () => {
    const learner = await t.signIn('ielts@parley.test');
    // Her seeded notices read first.
    await learner.post('/api/notifications/read', {});
    const otherTab = await open(learner);
    const told = recordEvents(otherTab, 'notifications_read');
    const [row] = await store(await idOf('ielts@parley.test'), ['To read']);
    const heard = nextEvent(otherTab, 'notifications_read');
    expect((await learner.post('/api/notifications/read', { ids: [row!.id] })).statusCode).toBe(204);
    await heard;
    // Nothing left unread: marking all again changes nothing and tells no one.
    expect((await learner.post('/api/notifications/read', {})).statusCode).toBe(204);
    expect((await learner.post('/api/notifications/read', {})).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(told).toHaveLength(1);
  });
});
