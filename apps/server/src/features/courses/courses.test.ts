import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_COURSES, courseMessages } from '@parley/domain/courses';
import { courseEnrolments, courseRatings, courses, courseSubscriptions, courseVersions, lessonProgress, mediaFiles } from '../../db/schema';
import { createLiveCourse } from '../../test/course-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { newLearner as newLearnerIn } from '../../test/wallet-money';

// The catalogue, the course page, the cart, My Courses and ratings, through real HTTP.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const newLearner = (country?: string, timezone?: string) => {
  n += 1;
  return newLearnerIn(t, `course-learner-${n}@example.com`, country, timezone);
};
const own = (userId: string, courseId: string) => t.ctx.db.insert(courseEnrolments).values({ userId, courseId, source: 'purchase', amountMinor: 49_900, currency: 'INR' });
const startLesson = (userId: string, courseId: string, lessonId: string, completed = false) =>
  t.ctx.db.insert(lessonProgress).values({ userId, courseId, lessonId, secondsSpent: 60, completedAt: completed ? new Date() : null });
const page = (query: string, c = t.client()) => c.get(`/api/courses/getAllCourses?${query}`);
const ids = (items: { _id: string }[]) => items.map((item) => item._id);

describe('the catalogue', () => {
  it('lists live courses only, newest published first, a page at a time, with the total', async () => {
    const base = Date.UTC(2030, 0, 1);
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await createLiveCourse(t.ctx.db, { subject: 'IELTS', title: `Zebra Listing ${i}`, publishedAt: new Date(base + i * 60_000), level: 'Advanced' }));
    }
    await createLiveCourse(t.ctx.db, { subject: 'IELTS', title: 'Zebra Listing draft', status: 'draft' });
    await createLiveCourse(t.ctx.db, { subject: 'IELTS', title: 'Zebra Listing review', status: 'in_review' });
    await createLiveCourse(t.ctx.db, { subject: 'IELTS', title: 'Zebra Listing rejected', status: 'rejected' });
    await createLiveCourse(t.ctx.db, { subject: 'IELTS', title: 'Zebra Listing unpublished', unpublished: true });

    const first = await page('page=1&limit=2&search=zebra%20LISTING');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 5, page: 1, limit: 2, currency: 'INR' });
    expect(ids(body.items)).toEqual([made[4]!.courseId, made[3]!.courseId]);
    expect(body.items[0]).toEqual({
      _id: made[4]!.courseId,
      title: 'Zebra Listing 4',
      subject: 'IELTS',
      level: 'Advanced',
      coverUrl: null,
      creator: { _id: made[4]!.creatorId, name: 'Farhan Ali' },
      durationMin: 20,
      lessonCount: 2,
      rating: 0,
      ratingCount: 0,
      price: { amountMinor: 49_900, currency: 'INR' },
    });
    const third = (await page('page=3&limit=2&search=zebra listing')).json();
    expect(ids(third.items)).toEqual([made[0]!.courseId]);
    expect(third.total).toBe(5);
    const beyond = (await page('page=9&limit=2&search=zebra listing')).json();
    expect(beyond).toMatchObject({ items: [], total: 5 });
  });

  it('filters by subject and takes LIKE wildcards in the search literally', async () => {
    const percent = await createLiveCourse(t.ctx.db, { subject: 'AI', title: 'Quokka 100% Prompting' });
    const plain = await createLiveCourse(t.ctx.db, { subject: 'AI', title: 'Quokka 1000 Prompts' });
    const underscore = await createLiveCourse(t.ctx.db, { subject: 'Kids', title: 'Quokka snake_case' });
    await createLiveCourse(t.ctx.db, { subject: 'Kids', title: 'Quokka snakeXcase' });

    expect(ids((await page('search=quokka 100%25')).json().items)).toEqual([percent.courseId]);
    expect(ids((await page('search=snake_case')).json().items)).toEqual([underscore.courseId]);
    const ai = (await page('subject=AI&search=quokka')).json();
    expect(ids(ai.items).sort()).toEqual([percent.courseId, plain.courseId].sort());
    expect(ai.total).toBe(2);
    expect((await page('subject=Cooking')).statusCode).toBe(400);
    expect((await page('limit=101')).statusCode).toBe(400);
  });

  it('prices in the signed-in learner’s currency, or the one an anonymous visitor asks for', async () => {
    const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Narwhal Pricing', prices: { INR: 79_900, USD: 1_299 } });
    const priceIn = async (query: string, c = t.client()) => (await page(`search=narwhal pricing${query}`, c)).json().items.find((i: { _id: string }) => i._id === courseId).price;
    expect(await priceIn('')).toEqual({ amountMinor: 79_900, currency: 'INR' });
    expect(await priceIn('&currency=USD')).toEqual({ amountMinor: 1_299, currency: 'USD' });
    const us = await newLearner('US', 'America/New_York');
    expect(await priceIn('&currency=INR', us.c)).toEqual({ amountMinor: 1_299, currency: 'USD' });
    const india = await newLearner();
    expect(await priceIn('', india.c)).toEqual({ amountMinor: 79_900, currency: 'INR' });
  });

  it('shows the cover image’s URL', async () => {
    const [cover] = await t.ctx.db.insert(mediaFiles).values({ kind: 'image', contentType: 'image/png', sizeBytes: 10, name: 'cover.png', storageKey: `image/${crypto.randomUUID()}.png` }).returning();
    const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Ocelot Cover', coverMediaId: cover!.id });
    expect((await page('search=ocelot cover')).json().items[0]).toMatchObject({ _id: courseId, coverUrl: `/api/media/${cover!.id}` });
  });
});

describe('the course page', () => {
  it('locks paid lessons for visitors and non-owners, and opens the preview lesson', async () => {
    const fixture = await createLiveCourse(t.ctx.db, {
      subject: 'English',
      title: 'Locked Lessons',
      modules: [
        {
          title: 'Start here',
          lessons: [
            { title: 'Welcome', kind: 'text', isPreview: true, text: 'Hello and welcome.' },
            { title: 'Watch', kind: 'video', mediaId: crypto.randomUUID() },
          ],
        },
        { title: 'Read', lessons: [{ title: 'Handout', kind: 'pdf', mediaId: crypto.randomUUID() }, { title: 'Notes', kind: 'text', text: 'Paid notes.' }] },
      ],
    });
    const { courseId, lessonIds } = fixture;
    const anonymous = await t.client().post('/api/courses/v2/getCourseData', { courseId });
    expect(anonymous.statusCode).toBe(200);
    const detail = anonymous.json();
    expect(detail).toMatchObject({ _id: courseId, title: 'Locked Lessons', owned: false, inCart: false, myRating: null, progressPercent: null, resumeLessonId: null, bonuses: [], certificateId: null });
    expect(detail.modules.map((m: { title: string }) => m.title)).toEqual(['Start here', 'Read']);
    const lessons = detail.modules.flatMap((m: { lessons: unknown[] }) => m.lessons);
    expect(lessons[0]).toMatchObject({ _id: lessonIds[0], locked: false, isPreview: true, text: 'Hello and welcome.', mediaUrl: null });
    for (const lesson of lessons.slice(1)) expect(lesson).toMatchObject({ locked: true, text: null, mediaUrl: null });
    expect(JSON.stringify(detail)).not.toContain('Paid notes.');

    const { c, id } = await newLearner();
    expect((await c.post('/api/courses/v2/getCourseData', { courseId })).json().modules[1].lessons[1].locked).toBe(true);
    await own(id, courseId);
    await startLesson(id, courseId, lessonIds[0]!, true);
    await startLesson(id, courseId, lessonIds[1]!);
    const owned = (await c.post('/api/courses/v2/getCourseData', { courseId })).json();
    expect(owned).toMatchObject({ owned: true, progressPercent: 25, resumeLessonId: lessonIds[1] });
    const open = owned.modules.flatMap((m: { lessons: unknown[] }) => m.lessons);
    expect(open.map((l: { locked: boolean }) => l.locked)).toEqual([false, false, false, false]);
    expect(open.map((l: { completed: boolean }) => l.completed)).toEqual([true, false, false, false]);
    expect(open[1].mediaUrl).toBe(`/api/courses/${courseId}/lessons/${lessonIds[1]}/file`);
    expect(open[2].mediaUrl).toBe(`/api/courses/${courseId}/lessons/${lessonIds[2]}/file`);
    expect(open[3].text).toBe('Paid notes.');
  });

  it('lists bonus names to those who may open the course only', async () => {
    const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'With Bonus', bonuses: [{ bonusName: 'Workbook', mediaId: crypto.randomUUID() }] });
    const { c, id } = await newLearner();
    expect((await c.post('/api/courses/v2/getCourseData', { courseId })).json().bonuses).toEqual([]);
    await own(id, courseId);
    expect((await c.post('/api/courses/v2/getCourseData', { courseId })).json().bonuses).toEqual([{ bonusName: 'Workbook' }]);
  });

  it('is not found for a draft, one in review, a rejected, an unpublished or an unknown course — to all but the owners of an unpublished one', async () => {
    const { c } = await newLearner();
    const courseOwner = await newLearner();
    for (const options of [{ status: 'draft' as const }, { status: 'in_review' as const }, { status: 'rejected' as const }, { unpublished: true }]) {
      const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Invisible', ...options });
      await own(courseOwner.id, courseId);
      for (const viewer of [t.client(), c, ...(options.unpublished ? [] : [courseOwner.c])]) {
        const res = await viewer.post('/api/courses/v2/getCourseData', { courseId });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Course not found');
      }
      expect((await c.post('/api/courses/addToCart', { courseId })).statusCode).toBe(404);
      expect((await page('search=invisible')).json().total).toBe(0);
    }
    expect((await t.client().post('/api/courses/v2/getCourseData', { courseId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await t.client().post('/api/courses/v2/getCourseData', { courseId: 'not-a-uuid' })).statusCode).toBe(400);
  });

  it('stays open to the learners who own a course unpublished since (learners keep what they had), never to subscribers, never for sale', async () => {
    const { courseId, lessonIds } = await createLiveCourse(t.ctx.db, { subject: 'Kids', title: 'Kept Course Page', lessons: [{ kind: 'text', text: 'Owned words.' }] });
    const buyer = await newLearner();
    await own(buyer.id, courseId);
    const subscriber = await newLearner();
    const now = new Date();
    await t.ctx.db.insert(courseSubscriptions).values({ userId: subscriber.id, subject: 'Kids', startsAt: now, endsAt: new Date(now.getTime() + 86_400_000), amountMinor: 1, currency: 'INR' });
    await t.ctx.db.update(courses).set({ unpublishedAt: new Date() }).where(eq(courses.id, courseId));

    const kept = await buyer.c.post('/api/courses/v2/getCourseData', { courseId });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ _id: courseId, title: 'Kept Course Page', owned: true });
    expect(kept.json().modules[0].lessons[0]).toMatchObject({ _id: lessonIds[0], locked: false, text: 'Owned words.' });
    expect((await subscriber.c.post('/api/courses/v2/getCourseData', { courseId })).statusCode).toBe(404);
    expect((await subscriber.c.post('/api/courses/addToCart', { courseId })).statusCode).toBe(404);
    expect((await subscriber.c.post('/api/courses/buyCourse', { courseId, method: 'checkout' })).statusCode).toBe(409);
    expect((await page('search=kept course page')).json().total).toBe(0);
  });

  it('is priced in the currency an anonymous visitor asks for, as the catalogue is; a signed-in learner’s comes from their country', async () => {
    const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Page Pricing', prices: { INR: 79_900, USD: 1_299 } });
    const priceFor = async (body: object, c = t.client()) => (await c.post('/api/courses/v2/getCourseData', { courseId, ...body })).json().price;
    expect(await priceFor({})).toEqual({ amountMinor: 79_900, currency: 'INR' });
    expect(await priceFor({ currency: 'USD' })).toEqual({ amountMinor: 1_299, currency: 'USD' });
    const us = await newLearner('US', 'America/New_York');
    expect(await priceFor({ currency: 'INR' }, us.c)).toEqual({ amountMinor: 1_299, currency: 'USD' });
    expect((await t.client().post('/api/courses/v2/getCourseData', { courseId, currency: 'EUR' })).statusCode).toBe(400);
  });
});

describe('the cart', () => {
  it('adds (idempotently), lists with the total, and removes', async () => {
    const { c } = await newLearner();
    const a = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Cart A', prices: { INR: 10_000, USD: 200 } });
    const b = await createLiveCourse(t.ctx.db, { subject: 'AI', title: 'Cart B', prices: { INR: 25_000, USD: 400 } });
    expect((await c.get('/api/courses/getCartDetails')).json()).toEqual({ courses: [], count: 0, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] });

    const added = await c.post('/api/courses/addToCart', { courseId: a.courseId });
    expect(added.statusCode).toBe(200);
    expect(added.json().count).toBe(1);
    expect((await c.post('/api/courses/addToCart', { courseId: a.courseId })).json().count).toBe(1);
    expect((await c.post('/api/courses/addToCart', { courseId: b.courseId, subject: 'AI' })).statusCode).toBe(200);
    const cart = (await c.get('/api/courses/getCartDetails')).json();
    expect(ids(cart.courses)).toEqual([a.courseId, b.courseId]);
    expect(cart).toMatchObject({ count: 2, total: { amountMinor: 35_000, currency: 'INR' } });
    expect((await c.get('/api/courses/getCartDetails?subject=AI')).json()).toMatchObject({ count: 1, total: { amountMinor: 25_000 } });
    expect((await c.post('/api/courses/v2/getCourseData', { courseId: a.courseId })).json().inCart).toBe(true);

    const removed = await c.post('/api/courses/removeFromCart', { courseId: b.courseId, subject: 'AI' });
    expect(removed.json()).toMatchObject({ count: 0 });
    expect((await c.get('/api/courses/getCartDetails')).json().count).toBe(1);
    expect((await c.post('/api/courses/removeFromCart', { courseId: b.courseId })).statusCode).toBe(200);
  });

  it('refuses a subject that is not the course’s, an owned course, and more than the cart holds', async () => {
    const { c, id } = await newLearner();
    const english = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Cart Rules' });
    const wrong = await c.post('/api/courses/addToCart', { courseId: english.courseId, subject: 'AI' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(courseMessages.wrongSubject);
    await c.post('/api/courses/addToCart', { courseId: english.courseId });
    expect((await c.post('/api/courses/removeFromCart', { courseId: english.courseId, subject: 'Kids' })).statusCode).toBe(400);
    expect((await c.get('/api/courses/getCartDetails')).json().count).toBe(1);

    const owned = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Already Mine' });
    await own(id, owned.courseId);
    const conflict = await c.post('/api/courses/addToCart', { courseId: owned.courseId });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('You already own this course.');

    for (let i = 1; i < CART_MAX_COURSES; i++) {
      const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'Kids', title: `Filler ${i}` });
      expect((await c.post('/api/courses/addToCart', { courseId })).statusCode).toBe(200);
    }
    expect((await c.get('/api/courses/getCartDetails')).json().count).toBe(CART_MAX_COURSES);
    const extra = await createLiveCourse(t.ctx.db, { subject: 'Kids', title: 'One Too Many' });
    const full = await c.post('/api/courses/addToCart', { courseId: extra.courseId });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(courseMessages.cartFull);
    // Adding one already there is still fine.
    expect((await c.post('/api/courses/addToCart', { courseId: english.courseId })).statusCode).toBe(200);
  });

  it('never holds more than it may when courses are added at the same time', async () => {
    const { c } = await newLearner();
    for (let i = 0; i < CART_MAX_COURSES - 2; i++) {
      const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'Kids', title: `Race Filler ${i}` });
      expect((await c.post('/api/courses/addToCart', { courseId })).statusCode).toBe(200);
    }
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => createLiveCourse(t.ctx.db, { subject: 'Kids', title: `Race Extra ${i}` })));
    const results = await Promise.all(racers.map(({ courseId }) => c.post('/api/courses/addToCart', { courseId })));
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(2);
    for (const res of results.filter((r) => r.statusCode !== 200)) expect(res.json()).toMatchObject({ code: 'CONFLICT', message: courseMessages.cartFull });
    expect((await c.get('/api/courses/getCartDetails')).json().count).toBe(CART_MAX_COURSES);
  });

  it('is the learner’s alone', async () => {
    const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Cart Gate' });
    expect((await t.client().get('/api/courses/getCartDetails')).statusCode).toBe(401);
    expect((await t.client().post('/api/courses/addToCart', { courseId })).statusCode).toBe(401);
    const creator = await t.signIn('creator@parley.test', 'creator');
    expect((await creator.post('/api/courses/addToCart', { courseId })).statusCode).toBe(401);
  });
});

describe('My Courses', () => {
  it('lists owned courses, and subscription courses the learner has started, each with progress', async () => {
    const { c, id } = await newLearner();
    const bought = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Mine Bought', lessons: [{}, {}, {}, {}] });
    const started = await createLiveCourse(t.ctx.db, { subject: 'AI', title: 'Mine Started' });
    await createLiveCourse(t.ctx.db, { subject: 'AI', title: 'Not Started' });
    await own(id, bought.courseId);
    await startLesson(id, bought.courseId, bought.lessonIds[0]!, true);
    await startLesson(id, bought.courseId, bought.lessonIds[1]!, true);
    await startLesson(id, bought.courseId, bought.lessonIds[2]!);
    await startLesson(id, started.courseId, started.lessonIds[0]!);

    // Progress in a subscription course shows only while the subscription is active.
    expect(ids((await c.get('/api/courses/my-courses')).json().items)).toEqual([bought.courseId]);
    const now = new Date();
    await t.ctx.db.insert(courseSubscriptions).values({ userId: id, subject: 'AI', startsAt: now, endsAt: new Date(now.getTime() + 86_400_000), amountMinor: 1, currency: 'INR' });

    const items = (await c.get('/api/courses/my-courses')).json().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ _id: bought.courseId, title: 'Mine Bought', access: 'owned', progressPercent: 50, resumeLessonId: bought.lessonIds[2], certificateId: null });
    expect(items[0].price).toBeUndefined();
    expect(items[1]).toMatchObject({ _id: started.courseId, access: 'subscription', progressPercent: 0, resumeLessonId: started.lessonIds[0] });
    expect((await t.client().get('/api/courses/my-courses')).statusCode).toBe(401);
  });

  it('resumes at the latest lesson the course still has when a new version removed the last one touched', async () => {
    const { c, id } = await newLearner();
    const { courseId, versionId, lessonIds } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Lesson Removed', lessons: [{}, {}, {}] });
    const [first, removed, third] = lessonIds as [string, string, string];
    await own(id, courseId);
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes));
    await t.ctx.db.insert(lessonProgress).values([
      { userId: id, courseId, lessonId: third, completedAt: at(1), startedAt: at(1), updatedAt: at(1) },
      { userId: id, courseId, lessonId: first, startedAt: at(2), updatedAt: at(2) },
      { userId: id, courseId, lessonId: removed, startedAt: at(3), updatedAt: at(3) },
    ]);
    const [version] = await t.ctx.db.select().from(courseVersions).where(eq(courseVersions.id, versionId));
    const modules = version!.modules.map((module) => ({ ...module, lessons: module.lessons.filter((lesson) => lesson.id !== removed) }));
    await t.ctx.db.update(courseVersions).set({ modules, lessonCount: 2 }).where(eq(courseVersions.id, versionId));

    expect((await c.post('/api/courses/v2/getCourseData', { courseId })).json()).toMatchObject({ progressPercent: 50, resumeLessonId: first });
    const mine = (await c.get('/api/courses/my-courses')).json().items.find((item: { _id: string }) => item._id === courseId);
    expect(mine).toMatchObject({ progressPercent: 50, resumeLessonId: first });
  });

  it('keeps an owned course that was unpublished since', async () => {
    const { c, id } = await newLearner();
    const { courseId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Kept After Unpublish' });
    await own(id, courseId);
    await t.ctx.db.update(courses).set({ unpublishedAt: new Date() }).where(eq(courses.id, courseId));
    expect(ids((await c.get('/api/courses/my-courses')).json().items)).toEqual([courseId]);
  });
});

describe('ratings', () => {
  it('only owners who started the course rate it, once each, and an edit adjusts the totals', async () => {
    const fixture = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Rated Course' });
    const { courseId, lessonIds } = fixture;
    const stranger = await newLearner();
    const refused = await stranger.c.post(`/api/courses/rating/${courseId}`, { stars: 5, review: 'Great' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Start the course before rating it.');

    const first = await newLearner();
    await own(first.id, courseId);
    expect((await first.c.post(`/api/courses/rating/${courseId}`, { stars: 5 })).statusCode).toBe(403);
    await startLesson(first.id, courseId, lessonIds[0]!);
    const rated = await first.c.post(`/api/courses/rating/${courseId}`, { stars: 5, review: 'Loved every lesson.' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toEqual({ stars: 5, review: 'Loved every lesson.', rating: 5, ratingCount: 1 });

    const second = await newLearner();
    await own(second.id, courseId);
    await startLesson(second.id, courseId, lessonIds[0]!);
    expect((await second.c.post(`/api/courses/rating/${courseId}`, { stars: 2, review: 'Too short.' })).json()).toMatchObject({ rating: 3.5, ratingCount: 2 });
    const edited = await first.c.post(`/api/courses/rating/${courseId}`, { stars: 3, review: 'Good, on reflection.' });
    expect(edited.json()).toEqual({ stars: 3, review: 'Good, on reflection.', rating: 2.5, ratingCount: 2 });

    const [row] = await t.ctx.db.select().from(courses).where(eq(courses.id, courseId));
    expect(row).toMatchObject({ ratingSum: 5, ratingCount: 2 });
    expect(await t.ctx.db.select().from(courseRatings).where(eq(courseRatings.courseId, courseId))).toHaveLength(2);

    const page = (await first.c.post('/api/courses/v2/getCourseData', { courseId })).json();
    expect(page).toMatchObject({ rating: 2.5, ratingCount: 2, myRating: { stars: 3, review: 'Good, on reflection.' } });
    expect(page.reviews.map((r: { learnerName: string; stars: number }) => [r.learnerName, r.stars])).toEqual([
      ['Payer', 3],
      ['Payer', 2],
    ]);
    expect((await first.c.post(`/api/courses/rating/${courseId}`, { stars: 6 })).statusCode).toBe(400);
  });

  it('keeps the totals right when one learner’s ratings race', async () => {
    const { courseId, lessonIds } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Racing Ratings' });
    const { c, id } = await newLearner();
    await own(id, courseId);
    await startLesson(id, courseId, lessonIds[0]!);
    const results = await Promise.all([1, 2, 3, 4, 5].map((stars) => c.post(`/api/courses/rating/${courseId}`, { stars })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [rating] = await t.ctx.db.select().from(courseRatings).where(eq(courseRatings.courseId, courseId));
    const [row] = await t.ctx.db.select().from(courses).where(eq(courses.id, courseId));
    expect(row).toMatchObject({ ratingSum: rating!.stars, ratingCount: 1 });
  });
});
