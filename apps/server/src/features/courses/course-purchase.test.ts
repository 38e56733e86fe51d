import { createHash, randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMessages, COURSE_SUBSCRIPTION_PRICES, GIFT_VALID_DAYS } from '@parley/domain/courses';
import { formatSessionTime } from '@parley/domain/live-sessions';
import { messages } from '@parley/domain/messages';
import { unappliedReasons } from '@parley/domain/moderation';
import { courseEnrolments, courseGifts, courses, courseSubscriptions, courseVersions, mailOutbox, notifications, paymentOrders, unappliedPayments, walletEntries } from '../../db/schema';
import { createLiveCourse } from '../../test/course-fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { balanceOf, ledgerConsistent, newLearner as newLearnerIn, topUp } from '../../test/wallet-money';
import { MAIL_SEND_JOB } from '../mail/mail.service';
import { COURSE_GIFT_EXPIRY_JOB, refundExpiredGift, scheduleMissingGiftExpiries } from './gift-expiry';

// Buying courses: from the wallet in one transaction, all or nothing, charged once however many
// requests race; through the sandbox checkout and POST /api/payments/verify; gifts paid, mailed
// and redeemed once; course subscriptions.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const newLearner = (country?: string, timezone?: string) => {
  n += 1;
  return newLearnerIn(t, `course-buyer-${n}@example.com`, country, timezone);
};
const course = (title: string, prices = { INR: 49_900, USD: 999 }, subject: 'English' | 'IELTS' | 'Kids' | 'AI' = 'English') =>
  createLiveCourse(t.ctx.db, { subject, title, prices });
const enrolmentsOf = (userId: string) => t.ctx.db.select().from(courseEnrolments).where(eq(courseEnrolments.userId, userId));
const debitsOf = (userId: string) => t.ctx.db.select().from(walletEntries).where(and(eq(walletEntries.userId, userId), eq(walletEntries.kind, 'debit')));
const unpublish = (courseId: string) => t.ctx.db.update(courses).set({ unpublishedAt: new Date() }).where(eq(courses.id, courseId));

const openOrdersOf = (userId: string) => t.ctx.db.select().from(paymentOrders).where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, 'created')));

/** Runs `run` while the job queue refuses mail jobs (its database is unreachable, say); other jobs go through. */
async function withMailQueueDown<T>(run: () => Promise<T>): Promise<T> {
  const jobs = t.ctx.jobs;
  const send = jobs.send;
  jobs.send = (async (name: string, data: object) => {
    if (name === MAIL_SEND_JOB) throw new Error('job queue unreachable');
    return send.call(jobs, name, data);
  }) as typeof jobs.send;
  try {
    return await run();
  } finally {
    jobs.send = send;
  }
}

/** Pays an order in the sandbox and hands the checkout's result to POST /api/payments/verify. */
async function payAndVerify(c: TestClient, orderId: string) {
  const settled = (await c.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' })).json();
  expect(settled.ok).toBe(true);
  return c.post('/api/payments/verify', { orderId, paymentId: settled.razorpay_payment_id, signature: settled.razorpay_signature });
}

describe('buying from the wallet', () => {
  it('Buy now takes the price from the wallet and the course is owned at once', async () => {
    const { c, id } = await newLearner();
    const { courseId } = await course('Wallet Buy Now', { INR: 59_900, USD: 1_199 });
    await topUp(c, 100_000);
    await c.post('/api/courses/addToCart', { courseId });
    const res = await c.post('/api/courses/buyCourse', { courseId, method: 'wallet' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', message: courseMessages.coursesPurchased, courseIds: [courseId] });
    expect(await balanceOf(c)).toBe(40_100);
    expect(await ledgerConsistent(t, id)).toEqual({ balance: 40_100, ledgerSum: 40_100 });
    expect(await enrolmentsOf(id)).toMatchObject([{ courseId, source: 'purchase', amountMinor: 59_900, currency: 'INR', orderId: null }]);
    expect((await c.get('/api/courses/getCartDetails')).json().count).toBe(0);
    const detail = (await c.post('/api/courses/v2/getCourseData', { courseId })).json();
    expect(detail.owned).toBe(true);
    expect(detail.modules[0].lessons.every((l: { locked: boolean }) => !l.locked)).toBe(true);

    const again = await c.post('/api/courses/buyCourse', { courseId, method: 'wallet' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(courseMessages.alreadyOwned);
    expect(await balanceOf(c)).toBe(40_100);
  });

  it('the learner’s owned course ids include a course the moment it is bought, while the cached catalogue page stays the same for everyone', async () => {
    const { c } = await newLearner();
    const { courseId } = await course('Owned Right Away', { INR: 20_000, USD: 300 });
    await topUp(c, 50_000);
    const catalogue = async () => (await c.get('/api/courses/getAllCourses?search=Owned%20Right%20Away')).json();
    const before = await catalogue();
    expect((await c.get('/api/courses/owned')).json()).toEqual({ courseIds: [] });

    expect((await c.post('/api/courses/buyCourse', { courseId, method: 'wallet' })).statusCode).toBe(200);
    expect((await c.get('/api/courses/owned')).json()).toEqual({ courseIds: [courseId] });
    expect(await catalogue()).toEqual(before);
    const other = await newLearner();
    expect((await other.c.get('/api/courses/owned')).json()).toEqual({ courseIds: [] });
    expect((await t.client().get('/api/courses/owned')).statusCode).toBe(401);
  });

  it('refuses when the wallet is short, with the courses’ low-balance text, and changes nothing', async () => {
    const { c, id } = await newLearner();
    const { courseId } = await course('Too Dear', { INR: 90_000, USD: 1_500 });
    await topUp(c, 50_000);
    await c.post('/api/courses/addToCart', { courseId });
    for (const res of [await c.post('/api/courses/buyCourse', { courseId, method: 'wallet' }), await c.post('/api/courses/buyCoursesFromCart', { method: 'wallet' })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'You have insufficient wallet balance. Please add money to buy courses.' });
    }
    expect(await balanceOf(c)).toBe(50_000);
    expect(await debitsOf(id)).toHaveLength(0);
    expect(await enrolmentsOf(id)).toHaveLength(0);
    expect((await c.get('/api/courses/getCartDetails')).json().count).toBe(1);
  });

  it('buys the whole cart in one debit, the cart of one subject when asked', async () => {
    const { c, id } = await newLearner();
    const a = await course('Cart One', { INR: 10_000, USD: 200 });
    const b = await course('Cart Two', { INR: 20_000, USD: 300 });
    const ai = await course('Cart AI', { INR: 30_000, USD: 400 }, 'AI');
    await topUp(c, 100_000);
    for (const { courseId } of [a, b]) expect((await c.post('/api/courses/addToCart', { courseId })).statusCode).toBe(200);
    expect((await c.post('/api/courses/addToCart', { courseId: ai.courseId, subject: 'AI' })).statusCode).toBe(200);

    const bought = await c.post('/api/courses/buyCoursesFromCart', { method: 'wallet', subject: 'English' });
    expect(bought.statusCode).toBe(200);
    expect(bought.json().courseIds.sort()).toEqual([a.courseId, b.courseId].sort());
    expect(await balanceOf(c)).toBe(70_000);
    const debits = await debitsOf(id);
    expect(debits).toHaveLength(1);
    expect(debits[0]!.amountMinor).toBe(30_000);
    const cart = (await c.get('/api/courses/getCartDetails')).json();
    expect(cart.courses.map((x: { _id: string }) => x._id)).toEqual([ai.courseId]);
    expect((await enrolmentsOf(id)).map((e) => [e.courseId, e.amountMinor]).sort()).toEqual(
      [
        [a.courseId, 10_000],
        [b.courseId, 20_000],
      ].sort(),
    );
    const mine = (await c.get('/api/courses/my-courses')).json().items;
    expect(mine.map((x: { _id: string }) => x._id).sort()).toEqual([a.courseId, b.courseId].sort());

    const empty = await c.post('/api/courses/buyCoursesFromCart', { method: 'wallet', subject: 'English' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(courseMessages.cartEmpty);
  });

  it('buys nothing from a cart holding an unpublished course, and says which', async () => {
    const { c, id } = await newLearner();
    const ok = await course('Still Live');
    const gone = await course('Gone Away');
    await topUp(c, 200_000);
    for (const { courseId } of [ok, gone]) await c.post('/api/courses/addToCart', { courseId });
    await unpublish(gone.courseId);

    const cart = (await c.get('/api/courses/getCartDetails')).json();
    expect(cart.unavailable).toEqual([{ _id: gone.courseId, title: 'Gone Away', reason: 'unavailable' }]);
    expect(cart.total.amountMinor).toBe(49_900);
    const res = await c.post('/api/courses/buyCoursesFromCart', { method: 'wallet' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(courseMessages.courseUnavailable('Gone Away'));
    expect(await balanceOf(c)).toBe(200_000);
    expect(await debitsOf(id)).toHaveLength(0);
    expect(await enrolmentsOf(id)).toHaveLength(0);
    const checkout = await c.post('/api/courses/buyCoursesFromCart', { method: 'checkout' });
    expect(checkout.statusCode).toBe(409);

    // Removing it lets the rest be bought.
    await c.post('/api/courses/removeFromCart', { courseId: gone.courseId });
    expect((await c.post('/api/courses/buyCoursesFromCart', { method: 'wallet' })).statusCode).toBe(200);
    expect((await enrolmentsOf(id)).map((e) => e.courseId)).toEqual([ok.courseId]);
  });

  it('buys nothing from a cart holding a course owned since, and says which', async () => {
    const { c, id } = await newLearner();
    const ok = await course('Fresh Course');
    const owned = await course('Owned Since');
    await topUp(c, 200_000);
    for (const { courseId } of [ok, owned]) await c.post('/api/courses/addToCart', { courseId });
    await t.ctx.db.insert(courseEnrolments).values({ userId: id, courseId: owned.courseId, source: 'gift', currency: 'INR' });

    expect((await c.get('/api/courses/getCartDetails')).json().unavailable).toEqual([{ _id: owned.courseId, title: 'Owned Since', reason: 'owned' }]);
    const res = await c.post('/api/courses/buyCoursesFromCart', { method: 'wallet' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(courseMessages.alreadyOwnedNamed('Owned Since'));
    expect(await balanceOf(c)).toBe(200_000);
    expect(await debitsOf(id)).toHaveLength(0);
    expect((await enrolmentsOf(id)).map((e) => e.courseId)).toEqual([owned.courseId]);
  });

  it('charges once when the same course is bought ten times at once', async () => {
    const { c, id } = await newLearner();
    const { courseId } = await course('Race Course', { INR: 30_000, USD: 500 });
    await topUp(c, 1_000_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => c.post('/api/courses/buyCourse', { courseId, method: 'wallet' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.json()).toMatchObject({ code: 'CONFLICT', message: courseMessages.alreadyOwned });
    expect(await debitsOf(id)).toHaveLength(1);
    expect(await enrolmentsOf(id)).toHaveLength(1);
    expect(await ledgerConsistent(t, id)).toEqual({ balance: 970_000, ledgerSum: 970_000 });
  });

  it('pays in the wallet’s currency', async () => {
    const { c, id } = await newLearner();
    const { courseId } = await course('Rupee Course', { INR: 25_000, USD: 400 });
    await topUp(c, 100_000);
    // The learner moves abroad; the wallet stays in rupees, and so does the price taken from it.
    await c.put('/api/learner/profile', { name: 'Payer Person', phoneNumber: null, dob: null, country: 'US', timezone: 'America/New_York' });
    expect((await c.post('/api/courses/buyCourse', { courseId, method: 'wallet' })).statusCode).toBe(200);
    expect(await balanceOf(c)).toBe(75_000);
    expect(await enrolmentsOf(id)).toMatchObject([{ amountMinor: 25_000, currency: 'INR' }]);
  });

  it('does not sell a course learners cannot see', async () => {
    const { c } = await newLearner();
    await topUp(c, 100_000);
    const draft = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Secret Draft', status: 'draft' });
    const res = await c.post('/api/courses/buyCourse', { courseId: draft.courseId, method: 'wallet' });
    expect(res.statusCode).toBe(404);
    expect(await balanceOf(c)).toBe(100_000);
    expect((await t.client().post('/api/courses/buyCourse', { courseId: draft.courseId, method: 'wallet' })).statusCode).toBe(401);
  });
});

describe('buying through the checkout', () => {
  it('creates an order for the cart in the learner’s currency and enrols when the payment is verified', async () => {
    const { c, id } = await newLearner('US', 'America/New_York');
    const a = await course('Checkout One', { INR: 40_000, USD: 700 });
    const b = await course('Checkout Two', { INR: 60_000, USD: 900 });
    for (const { courseId } of [a, b]) await c.post('/api/courses/addToCart', { courseId });
    const res = await c.post('/api/courses/buyCoursesFromCart', { method: 'checkout' });
    expect(res.statusCode).toBe(200);
    const { status, order } = res.json();
    expect(status).toBe('checkout');
    expect(order).toMatchObject({ currency: 'USD', amount: 1_600 });
    const [row] = await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(row).toMatchObject({ userId: id, purpose: 'Courses', amountMinor: 1_600, currency: 'USD', status: 'created' });
    expect(row!.details.courseIds!.sort()).toEqual([a.courseId, b.courseId].sort());
    expect(await enrolmentsOf(id)).toHaveLength(0);

    const verified = await payAndVerify(c, order.id);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: 'Success', purpose: 'Courses', message: courseMessages.coursesPurchased });
    // The sandbox's webhook reports the same capture: delivered once.
    await t.ctx.sandbox!.flushWebhooks();
    const enrolments = await enrolmentsOf(id);
    expect(enrolments.map((e) => [e.courseId, e.amountMinor, e.currency, e.orderId]).sort()).toEqual(
      [
        [a.courseId, 700, 'USD', order.id],
        [b.courseId, 900, 'USD', order.id],
      ].sort(),
    );
    expect((await c.get('/api/courses/getCartDetails')).json().count).toBe(0);
    expect(await debitsOf(id)).toHaveLength(0);
  });

  it('enrols the rest of a cart paid after one of its courses was bought another way, and keeps that share for support', async () => {
    const { c, id } = await newLearner();
    const a = await course('Owned Meanwhile', { INR: 30_000, USD: 500 });
    const b = await course('Other Half', { INR: 10_000, USD: 200 });
    expect((await c.post('/api/courses/buyCoursesFromCart', { method: 'checkout' })).statusCode).toBe(400);
    for (const { courseId } of [a, b]) await c.post('/api/courses/addToCart', { courseId });
    const started = (await c.post('/api/courses/buyCoursesFromCart', { method: 'checkout' })).json().order;
    expect(started.amount).toBe(40_000);
    // The creator raises the other course's price meanwhile: the payment is split by the prices the checkout showed.
    await t.ctx.db.update(courseVersions).set({ priceInrMinor: 30_000 }).where(eq(courseVersions.courseId, b.courseId));
    // Bought with the wallet while the checkout was open.
    await topUp(c, 100_000);
    expect((await c.post('/api/courses/buyCourse', { courseId: a.courseId, method: 'wallet' })).statusCode).toBe(200);

    const settled = (await c.post('/api/payments/sandbox/settle', { orderId: started.id, outcome: 'success' })).json();
    const verify = () => c.post('/api/payments/verify', { orderId: started.id, paymentId: settled.razorpay_payment_id, signature: settled.razorpay_signature });
    const verified = await verify();
    expect(verified.statusCode).toBe(200);
    const told = `${courseMessages.coursesPurchased}. ${courseMessages.partlyDelivered('ALREADY_PAID', '₹300')}`;
    expect(verified.json()).toEqual({ status: 'Success', purpose: 'Courses', message: told });
    expect(told).toBe('Course purchased successfully. You already owned some of these courses, so ₹300 of your payment was not used. Our support team has been told and will refund it.');
    const enrolments = await enrolmentsOf(id);
    expect(enrolments.map((e) => [e.courseId, e.orderId, e.amountMinor]).sort()).toEqual(
      [
        [a.courseId, null, 30_000],
        [b.courseId, started.id, 10_000],
      ].sort(),
    );
    const kept = await t.ctx.db.select().from(unappliedPayments).where(eq(unappliedPayments.orderId, started.id));
    expect(kept).toEqual([expect.objectContaining({ purpose: 'Courses', reason: 'ALREADY_PAID', amountMinor: 30_000, currency: 'INR' })]);
    // The bell says it too (a payment the webhook alone confirmed has no page to).
    const bell = (await c.get('/api/notifications')).json();
    expect(bell.items).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Part of your payment will be refunded', body: courseMessages.partlyDelivered('ALREADY_PAID', '₹300') })]));
    // The same payment verified again (a lost answer) says the same, and delivers nothing more.
    const again = await verify();
    expect(again.json()).toEqual({ status: 'Success', purpose: 'Courses', message: told });
    expect(await enrolmentsOf(id)).toHaveLength(2);
  });

  it('refuses to buy a cart that changed since the page showed it (another tab), charging nothing', async () => {
    const { c, id } = await newLearner();
    const a = await course('Shown In Cart');
    const b = await course('Added In Another Tab');
    await c.post('/api/courses/addToCart', { courseId: a.courseId });
    await c.post('/api/courses/addToCart', { courseId: b.courseId });
    await topUp(c, 200_000);
    for (const method of ['wallet', 'checkout']) {
      const res = await c.post('/api/courses/buyCoursesFromCart', { method, courseIds: [a.courseId] });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CART_CHANGED', message: courseMessages.cartChanged });
    }
    expect(await enrolmentsOf(id)).toHaveLength(0);
    expect(await openOrdersOf(id)).toHaveLength(0);
    // The cart as it is now, in any order, is bought.
    const res = await c.post('/api/courses/buyCoursesFromCart', { method: 'wallet', courseIds: [b.courseId, a.courseId] });
    expect(res.statusCode).toBe(200);
    expect(await enrolmentsOf(id)).toHaveLength(2);
  });

  it('keeps the whole payment of a cart every course of which was owned by the time it was paid', async () => {
    const { c, id } = await newLearner();
    const a = await course('All Owned Meanwhile');
    await c.post('/api/courses/addToCart', { courseId: a.courseId });
    const started = (await c.post('/api/courses/buyCoursesFromCart', { method: 'checkout' })).json().order;
    await topUp(c, 100_000);
    expect((await c.post('/api/courses/buyCourse', { courseId: a.courseId, method: 'wallet' })).statusCode).toBe(200);

    const verified = await payAndVerify(c, started.id);
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({ code: 'PAYMENT_UNAPPLIED', message: `${messages.paymentNotApplied} ${unappliedReasons.ALREADY_PAID}` });
    expect((await enrolmentsOf(id)).map((e) => e.orderId)).toEqual([null]);
    const [kept] = await t.ctx.db.select().from(unappliedPayments).where(eq(unappliedPayments.orderId, started.id));
    expect(kept).toMatchObject({ purpose: 'Courses', reason: 'ALREADY_PAID', amountMinor: 49_900 });
  });

  it('gives five checkouts started at once for the same course one order, so it can be paid once', async () => {
    const { c, id } = await newLearner();
    const { courseId } = await course('Double Click Checkout', { INR: 30_000, USD: 500 });
    const results = await Promise.all(Array.from({ length: 5 }, () => c.post('/api/courses/buyCourse', { courseId, method: 'checkout' })));
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const orderIds = new Set(results.map((res) => res.json().order.id));
    expect(orderIds.size).toBe(1);
    expect((await openOrdersOf(id)).map((order) => order.id)).toEqual([...orderIds]);
    // The cart holding the same course, later, is the same purchase: the same order.
    await c.post('/api/courses/addToCart', { courseId });
    expect((await c.post('/api/courses/buyCoursesFromCart', { method: 'checkout' })).json().order.id).toBe([...orderIds][0]);
    // Something else is another order.
    const other = await course('Another Checkout');
    await c.post('/api/courses/addToCart', { courseId: other.courseId });
    const cartOrder = (await c.post('/api/courses/buyCoursesFromCart', { method: 'checkout' })).json().order;
    expect(orderIds.has(cartOrder.id)).toBe(false);
    expect(cartOrder.amount).toBe(30_000 + 49_900);
    // Once paid, the order is not open any more: the course is owned, and there is nothing to reuse.
    expect((await payAndVerify(c, [...orderIds][0]!)).statusCode).toBe(200);
    expect((await c.post('/api/courses/buyCourse', { courseId, method: 'checkout' })).statusCode).toBe(409);
  });

  it('keeps a payment for a course unpublished meanwhile for support, as a course no longer on sale', async () => {
    const { c, id } = await newLearner();
    const { courseId } = await course('Unpublished Meanwhile');
    const { order } = (await c.post('/api/courses/buyCourse', { courseId, method: 'checkout' })).json();
    await unpublish(courseId);
    const verified = await payAndVerify(c, order.id);
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({ code: 'PAYMENT_UNAPPLIED', message: `${messages.paymentNotApplied} ${unappliedReasons.COURSE_UNAVAILABLE}` });
    expect(unappliedReasons.COURSE_UNAVAILABLE).toBe('The course is no longer on sale.');
    const [kept] = await t.ctx.db.select().from(unappliedPayments).where(eq(unappliedPayments.orderId, order.id));
    expect(kept).toMatchObject({ purpose: 'Courses', reason: 'COURSE_UNAVAILABLE', amountMinor: 49_900 });
    expect(await enrolmentsOf(id)).toHaveLength(0);
  });

  it('does not start a checkout for a course already owned', async () => {
    const { c } = await newLearner();
    const { courseId } = await course('No Second Checkout');
    await topUp(c, 100_000);
    await c.post('/api/courses/buyCourse', { courseId, method: 'wallet' });
    const res = await c.post('/api/courses/buyCourse', { courseId, method: 'checkout' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(courseMessages.alreadyOwned);
  });
});

describe('gifts', () => {
  const giftCodeIn = (text: string) => /\/courses\/gift\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const mailsAbout = (giftId: string) => t.ctx.db.select().from(mailOutbox).where(like(mailOutbox.topic, `%${giftId}`));
  const giftOf = async (giverId: string) => (await t.ctx.db.select().from(courseGifts).where(eq(courseGifts.giverId, giverId)))[0]!;
  /** The gift's expiry jobs still waiting, with when each may start. */
  const expiryJobsOf = async (giftId: string) => {
    const result = await t.ctx.db.execute(
      sql`select start_after from pgboss.job where name = ${COURSE_GIFT_EXPIRY_JOB} and data ->> 'giftId' = ${giftId} and state in ('created', 'retry')`,
    );
    return (result as unknown as { rows: { start_after: Date | string }[] }).rows.map((row) => ({ startAfter: new Date(row.start_after).toISOString() }));
  };

  it('paid from the wallet: the gift is paid at once and the recipient is mailed a redeem link; the code is stored only as its hash', async () => {
    const giver = await newLearner();
    const { courseId } = await course('Gifted From Wallet', { INR: 35_000, USD: 600 });
    await topUp(giver.c, 100_000);
    const res = await giver.c.post('/api/courses/courseGifting', { courseId, recipientEmail: 'friend-one@example.com', recipientName: 'Friend One', message: 'Enjoy it!', method: 'wallet' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', message: courseMessages.giftSent, courseIds: [courseId] });
    expect(await balanceOf(giver.c)).toBe(65_000);

    const gift = await giftOf(giver.id);
    expect(gift).toMatchObject({ status: 'paid', amountMinor: 35_000, currency: 'INR', recipientEmail: 'friend-one@example.com' });
    const days = (gift.expiresAt.getTime() - gift.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(GIFT_VALID_DAYS);
    const [mail] = await mailsAbout(gift.id);
    expect(mail).toMatchObject({ toAddress: 'friend-one@example.com' });
    expect(mail!.textBody).toContain('Payer Person');
    expect(mail!.textBody).toContain('Enjoy it!');
    expect(mail!.textBody).toContain(`${t.ctx.config.publicUrl}/courses/gift/`);
    // Until when, to the minute and with its zone: a date alone would be a day off for some recipients.
    expect(mail!.textBody).toContain(`until ${formatSessionTime(gift.expiresAt, 'UTC')}.`);
    expect(mail!.textBody).toMatch(/until \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (AM|PM) \(UTC\)\./);
    const code = giftCodeIn(mail!.textBody)!;
    expect(code).toHaveLength(32);
    expect(gift.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(gift)).not.toContain(code);

    const preview = await t.client().get(`/api/courses/gifts/${code}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ courseId, courseTitle: 'Gifted From Wallet', giverName: 'Payer Person', recipientName: 'Friend One', message: 'Enjoy it!', redeemed: false, expired: false });

    // The giver holding the link cannot take the course meant for the friend.
    const byGiver = await giver.c.post('/api/courses/gifts/redeem', { code });
    expect(byGiver.statusCode).toBe(409);
    expect(byGiver.json().message).toBe(courseMessages.giftIsYours);
    expect(await enrolmentsOf(giver.id)).toHaveLength(0);

    const friend = await newLearner();
    const redeemed = await friend.c.post('/api/courses/gifts/redeem', { code });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ status: 'Success', message: courseMessages.giftRedeemed, courseIds: [courseId] });
    expect(await enrolmentsOf(friend.id)).toMatchObject([{ courseId, source: 'gift', amountMinor: 0 }]);
    expect(await enrolmentsOf(giver.id)).toHaveLength(0);
    expect((await t.client().get(`/api/courses/gifts/${code}`)).json().redeemed).toBe(true);

    const other = await newLearner();
    const second = await other.c.post('/api/courses/gifts/redeem', { code });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This gift has already been redeemed.');
    expect(await enrolmentsOf(other.id)).toHaveLength(0);
  });

  it('is redeemed once when the link is used twice at the same time', async () => {
    const giver = await newLearner();
    const { courseId } = await course('Gift Race');
    await topUp(giver.c, 100_000);
    await giver.c.post('/api/courses/courseGifting', { courseId, recipientEmail: 'racer@example.com', recipientName: 'Racer', method: 'wallet' });
    const code = giftCodeIn((await mailsAbout((await giftOf(giver.id)).id))[0]!.textBody)!;
    const a = await newLearner();
    const b = await newLearner();
    const results = await Promise.all([a.c.post('/api/courses/gifts/redeem', { code }), b.c.post('/api/courses/gifts/redeem', { code }), a.c.post('/api/courses/gifts/redeem', { code })]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const all = await t.ctx.db.select().from(courseEnrolments).where(eq(courseEnrolments.courseId, courseId));
    expect(all).toHaveLength(1);
    expect((await giftOf(giver.id)).redeemedBy).toBe(all[0]!.userId);
  });

  it('paid once when the same gift form is sent again, one after the other or at the same time; a new form is a new gift', async () => {
    const giver = await newLearner();
    const { courseId } = await course('Gift Sent Twice', { INR: 30_000, USD: 500 });
    await topUp(giver.c, 200_000);
    const form = { courseId, recipientEmail: 'twice@example.com', recipientName: 'Twice', method: 'wallet', requestKey: randomUUID() };
    const first = await giver.c.post('/api/courses/courseGifting', form);
    const again = await giver.c.post('/api/courses/courseGifting', form);
    const racing = await Promise.all([giver.c.post('/api/courses/courseGifting', form), giver.c.post('/api/courses/courseGifting', form)]);
    for (const res of [first, again, ...racing]) expect(res.json()).toEqual({ status: 'Success', message: courseMessages.giftSent, courseIds: [courseId] });
    expect(await balanceOf(giver.c)).toBe(170_000);
    const gifts = await t.ctx.db.select().from(courseGifts).where(eq(courseGifts.giverId, giver.id));
    expect(gifts).toHaveLength(1);
    expect(await mailsAbout(gifts[0]!.id)).toHaveLength(1);

    const another = await giver.c.post('/api/courses/courseGifting', { ...form, requestKey: randomUUID() });
    expect(another.statusCode).toBe(200);
    expect(await balanceOf(giver.c)).toBe(140_000);
    const notAKey = await giver.c.post('/api/courses/courseGifting', { ...form, requestKey: 'again' });
    expect(notAKey.statusCode).toBe(400);
    // Money for one gift only: the same form sent again still answers sent, not a low balance.
    const spender = await newLearner();
    await topUp(spender.c, 30_000);
    const once = { ...form, requestKey: randomUUID() };
    expect((await spender.c.post('/api/courses/courseGifting', once)).json().status).toBe('Success');
    const retried = await spender.c.post('/api/courses/courseGifting', once);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ status: 'Success', message: courseMessages.giftSent, courseIds: [courseId] });
    expect(await balanceOf(spender.c)).toBe(0);
    expect((await spender.c.post('/api/courses/courseGifting', { ...form, requestKey: randomUUID() })).statusCode).toBe(409);

    const blankName = await giver.c.post('/api/courses/courseGifting', { ...form, recipientName: '   ', requestKey: randomUUID() });
    expect(blankName.statusCode).toBe(400);
    expect(Object.keys(blankName.json().fields)).toEqual(['recipientName']);
    expect(await balanceOf(giver.c)).toBe(140_000);
  });

  it('stays unredeemed when its redeemer already owns the course; refuses an expired one; refuses gifting oneself', async () => {
    const giver = await newLearner();
    const giverEmail = `course-buyer-${n}@example.com`;
    const { courseId } = await course('Gift Edge Cases');
    await topUp(giver.c, 200_000);
    const self = await giver.c.post('/api/courses/courseGifting', { courseId, recipientEmail: giverEmail.toUpperCase(), recipientName: 'Me', method: 'wallet' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Gift it to someone else.');
    expect(await balanceOf(giver.c)).toBe(200_000);

    await giver.c.post('/api/courses/courseGifting', { courseId, recipientEmail: 'owner@example.com', recipientName: 'Owner', method: 'wallet' });
    const gift = await giftOf(giver.id);
    const code = giftCodeIn((await mailsAbout(gift.id))[0]!.textBody)!;
    const owner = await newLearner();
    await topUp(owner.c, 100_000);
    await owner.c.post('/api/courses/buyCourse', { courseId, method: 'wallet' });
    const refused = await owner.c.post('/api/courses/gifts/redeem', { code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(courseMessages.alreadyOwned);
    expect((await giftOf(giver.id)).status).toBe('paid');

    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + (GIFT_VALID_DAYS + 1) * 86_400_000);
    try {
      const late = await newLearner();
      const expired = await late.c.post('/api/courses/gifts/redeem', { code });
      expect(expired.statusCode).toBe(409);
      expect(expired.json().message).toBe('This gift has expired.');
      expect((await t.client().get(`/api/courses/gifts/${code}`)).json().expired).toBe(true);
      expect(await enrolmentsOf(late.id)).toHaveLength(0);
    } finally {
      t.ctx.now = realNow;
    }
    expect((await giftOf(giver.id)).status).toBe('paid');
  });

  it('paid through the checkout: the gift waits for the payment, then is paid and mailed once', async () => {
    const giver = await newLearner();
    const { courseId } = await course('Gifted By Checkout', { INR: 45_000, USD: 800 });
    const res = await giver.c.post('/api/courses/courseGifting', { courseId, recipientEmail: 'friend-two@example.com', recipientName: 'Friend Two', message: '', method: 'checkout' });
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({ currency: 'INR', amount: 45_000 });
    const pending = await giftOf(giver.id);
    expect(pending).toMatchObject({ status: 'pending_payment', orderId: order.id });
    expect((await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)))[0]).toMatchObject({ purpose: 'CourseGift', details: { giftId: pending.id } });
    expect(await mailsAbout(pending.id)).toHaveLength(0);

    const verified = await payAndVerify(giver.c, order.id);
    expect(verified.json()).toEqual({ status: 'Success', purpose: 'CourseGift', message: courseMessages.giftSent });
    await t.ctx.sandbox!.flushWebhooks();
    const paid = await giftOf(giver.id);
    expect(paid.status).toBe('paid');
    const mails = await mailsAbout(paid.id);
    expect(mails).toHaveLength(1);
    const code = giftCodeIn(mails[0]!.textBody)!;
    expect(paid.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    // Its expiry job is stored with the payment, like a wallet gift's.
    expect(await expiryJobsOf(paid.id)).toEqual([{ startAfter: paid.expiresAt.toISOString() }]);
    const friend = await newLearner();
    expect((await friend.c.post('/api/courses/gifts/redeem', { code })).statusCode).toBe(200);
    expect(await enrolmentsOf(friend.id)).toMatchObject([{ courseId, source: 'gift', orderId: order.id }]);
  });

  it('answers a gift paid from the wallet, or through the checkout, once the money moved even when its e-mail cannot be queued; the outbox keeps it', async () => {
    const giver = await newLearner();
    const { courseId } = await course('Gift Queue Down', { INR: 20_000, USD: 400 });
    await topUp(giver.c, 100_000);
    const res = await withMailQueueDown(() =>
      giver.c.post('/api/courses/courseGifting', { courseId, recipientEmail: 'queue-down@example.com', recipientName: 'Queue Down', method: 'wallet' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', message: courseMessages.giftSent, courseIds: [courseId] });
    expect(await balanceOf(giver.c)).toBe(80_000);
    const gift = await giftOf(giver.id);
    expect(gift.status).toBe('paid');
    // Still queued in the outbox: the start-up re-queue sends it.
    expect(await mailsAbout(gift.id)).toMatchObject([{ toAddress: 'queue-down@example.com', status: 'queued' }]);

    // Through the checkout: the sandbox's webhooks are held back, so the verify call and then the webhook each deliver one gift.
    const held: { rawBody: string; headers: Record<string, string> }[] = [];
    const sandbox = t.ctx.sandbox!;
    sandbox.setWebhookSink(async (rawBody, headers) => {
      held.push({ rawBody, headers });
    });
    try {
      const giftByCheckout = async (recipientEmail: string) => {
        const buyer = await newLearner();
        const { order } = (await buyer.c.post('/api/courses/courseGifting', { courseId, recipientEmail, recipientName: 'Queue Down', method: 'checkout' })).json();
        const settled = (await buyer.c.post('/api/payments/sandbox/settle', { orderId: order.id, outcome: 'success' })).json();
        return { buyer, order, settled };
      };
      const verifiedOne = await giftByCheckout('queue-down-2@example.com');
      const verified = await withMailQueueDown(() =>
        verifiedOne.buyer.c.post('/api/payments/verify', { orderId: verifiedOne.order.id, paymentId: verifiedOne.settled.razorpay_payment_id, signature: verifiedOne.settled.razorpay_signature }),
      );
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ status: 'Success', purpose: 'CourseGift', message: courseMessages.giftSent });

      held.length = 0;
      const webhookOne = await giftByCheckout('queue-down-3@example.com');
      await sandbox.flushWebhooks();
      expect(held).toHaveLength(1);
      const webhook = await withMailQueueDown(() => t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: held[0]!.rawBody, headers: held[0]!.headers }));
      expect(webhook.statusCode).toBe(200);

      for (const { buyer } of [verifiedOne, webhookOne]) {
        const paid = await giftOf(buyer.id);
        expect(paid.status).toBe('paid');
        expect(await mailsAbout(paid.id)).toMatchObject([{ status: 'queued' }]);
      }
    } finally {
      sandbox.setWebhookSink(async (rawBody, headers) => {
        await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: rawBody, headers });
      });
    }
  });

  describe('nobody redeems it in time', () => {
    const log = { error() {} };
    const expire = (giftId: string) => t.ctx.db.update(courseGifts).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(courseGifts.id, giftId));

    it(`its price goes back to the giver's wallet once, after ${GIFT_VALID_DAYS} days, with a note and an e-mail; the link then says it expired`, async () => {
      const giver = await newLearner();
      const giverEmail = `course-buyer-${n}@example.com`;
      const { courseId } = await course('Gift Left Unopened', { INR: 35_000, USD: 600 });
      await topUp(giver.c, 100_000);
      await giver.c.post('/api/courses/courseGifting', { courseId, recipientEmail: 'busy-friend@example.com', recipientName: 'Busy Friend', method: 'wallet' });
      const gift = await giftOf(giver.id);
      const code = giftCodeIn((await mailsAbout(gift.id))[0]!.textBody)!;
      // The job waits for the expiry, stored with the gift's payment.
      expect(await expiryJobsOf(gift.id)).toEqual([{ startAfter: gift.expiresAt.toISOString() }]);
      expect(await balanceOf(giver.c)).toBe(65_000);

      // Before it expires, a run changes nothing and asks the queue to try again.
      await expect(refundExpiredGift(t.ctx, gift.id, log)).rejects.toThrow(/has not expired yet/);
      expect(await balanceOf(giver.c)).toBe(65_000);

      await expire(gift.id);
      const runs = await Promise.all([refundExpiredGift(t.ctx, gift.id, log), refundExpiredGift(t.ctx, gift.id, log)]);
      expect(runs.sort()).toEqual([false, true]);
      expect(await refundExpiredGift(t.ctx, gift.id, log)).toBe(false);
      expect(await balanceOf(giver.c)).toBe(100_000);
      const ledger = await ledgerConsistent(t, giver.id);
      expect(ledger.balance).toBe(ledger.ledgerSum);
      expect(await t.ctx.db.select({ kind: walletEntries.kind, amountMinor: walletEntries.amountMinor, description: walletEntries.description }).from(walletEntries).where(and(eq(walletEntries.userId, giver.id), eq(walletEntries.kind, 'credit')))).toContainEqual({
        kind: 'credit',
        amountMinor: 35_000,
        description: 'Gift not redeemed: Gift Left Unopened for Busy Friend',
      });
      expect((await giftOf(giver.id)).status).toBe('refunded');
      const text = courseMessages.giftRefunded('Gift Left Unopened', 'Busy Friend', '₹350');
      expect(await t.ctx.db.select({ title: notifications.title, body: notifications.body, link: notifications.link }).from(notifications).where(eq(notifications.userId, giver.id))).toContainEqual({
        title: 'Your gift was not redeemed',
        body: text,
        link: '/wallet',
      });
      const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.topic, `course-gift-refunded:${gift.id}`));
      expect(mail).toMatchObject({ toAddress: giverEmail, subject: 'Your gift of Gift Left Unopened was not redeemed' });
      expect(mail!.textBody).toContain(text);

      const late = await newLearner();
      const refused = await late.c.post('/api/courses/gifts/redeem', { code });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(courseMessages.giftExpired);
      expect((await t.client().get(`/api/courses/gifts/${code}`)).json()).toMatchObject({ redeemed: false, expired: true });
      expect(await enrolmentsOf(late.id)).toHaveLength(0);
    });

    it('a redeemed gift is not given back, and a paid gift without a job (from before the job existed) gets one at the start', async () => {
      const giver = await newLearner();
      const { courseId } = await course('Gift Opened In Time');
      await topUp(giver.c, 100_000);
      await giver.c.post('/api/courses/courseGifting', { courseId, recipientEmail: 'quick@example.com', recipientName: 'Quick', method: 'wallet' });
      const gift = await giftOf(giver.id);
      const code = giftCodeIn((await mailsAbout(gift.id))[0]!.textBody)!;
      expect((await (await newLearner()).c.post('/api/courses/gifts/redeem', { code })).statusCode).toBe(200);
      await expire(gift.id);
      expect(await refundExpiredGift(t.ctx, gift.id, log)).toBe(false);
      expect(await balanceOf(giver.c)).toBe(50_100);
      expect((await giftOf(giver.id)).status).toBe('redeemed');

      const other = await newLearner();
      await topUp(other.c, 100_000);
      await other.c.post('/api/courses/courseGifting', { courseId, recipientEmail: 'slow@example.com', recipientName: 'Slow', method: 'wallet' });
      const unjobbed = await giftOf(other.id);
      await t.ctx.db.execute(sql`delete from pgboss.job where name = ${COURSE_GIFT_EXPIRY_JOB} and data ->> 'giftId' = ${unjobbed.id}`);
      expect(await expiryJobsOf(unjobbed.id)).toEqual([]);
      expect(await scheduleMissingGiftExpiries(t.ctx)).toBeGreaterThanOrEqual(1);
      expect(await expiryJobsOf(unjobbed.id)).toEqual([{ startAfter: unjobbed.expiresAt.toISOString() }]);
      expect(await scheduleMissingGiftExpiries(t.ctx)).toBe(0);
    });
  });

  it('gives each gift its own order, even for the same course and recipient', async () => {
    const giver = await newLearner();
    const { courseId } = await course('Gift Orders');
    const gift = () => giver.c.post('/api/courses/courseGifting', { courseId, recipientEmail: 'twice@example.com', recipientName: 'Twice', method: 'checkout' });
    const [a, b] = [(await gift()).json().order.id, (await gift()).json().order.id];
    expect(a).not.toBe(b);
  });

  it('shows nothing for an unknown code or an unpaid gift', async () => {
    expect((await t.client().get(`/api/courses/gifts/${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await t.client().get('/api/courses/gifts/short')).statusCode).toBe(404);
    const { c } = await newLearner();
    expect((await c.post('/api/courses/gifts/redeem', { code: 'y'.repeat(32) })).statusCode).toBe(404);
    expect((await t.client().post('/api/courses/gifts/redeem', { code: 'y'.repeat(32) })).statusCode).toBe(401);
  });
});

describe('course subscriptions', () => {
  it('lists the offers in the viewer’s currency', async () => {
    const anonymous = (await t.client().get('/api/courses/subscription-plans')).json().items;
    expect(anonymous).toContainEqual({ subject: 'AI', days: 30, price: { amountMinor: COURSE_SUBSCRIPTION_PRICES.AI.INR, currency: 'INR' } });
    const usd = (await t.client().get('/api/courses/subscription-plans?currency=USD')).json().items;
    expect(usd.every((o: { price: { currency: string } }) => o.price.currency === 'USD')).toBe(true);
    const { c } = await newLearner('US', 'America/New_York');
    expect((await c.get('/api/courses/subscription-plans')).json().items[0].price.currency).toBe('USD');
  });

  it('bought from the wallet opens every course of its subject; a second one extends from the end of the first', async () => {
    const { c, id } = await newLearner();
    const english = await course('Subscribed English');
    const ielts = await course('Unsubscribed IELTS', undefined, 'IELTS');
    await topUp(c, 500_000);
    const before = (await c.post('/api/courses/v2/getCourseData', { courseId: english.courseId })).json();
    expect(before).toMatchObject({ owned: false, inSubscription: false });
    const res = await c.post('/api/courses/buyCourseSubscription', { subject: 'English', method: 'wallet' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Success', message: courseMessages.courseSubscriptionActivated });
    expect(await balanceOf(c)).toBe(500_000 - COURSE_SUBSCRIPTION_PRICES.English.INR);

    const open = (await c.post('/api/courses/v2/getCourseData', { courseId: english.courseId })).json();
    expect(open).toMatchObject({ owned: false, inSubscription: true });
    expect(open.modules[0].lessons.every((l: { locked: boolean }) => !l.locked)).toBe(true);
    const closed = (await c.post('/api/courses/v2/getCourseData', { courseId: ielts.courseId })).json();
    expect(closed).toMatchObject({ owned: false, inSubscription: false });
    expect(closed.modules[0].lessons.filter((l: { locked: boolean }) => l.locked)).toHaveLength(1);

    const first = (await c.post('/api/courses/getAllActiveSubscriptions')).json().items;
    expect(first).toHaveLength(1);
    const renewed = await c.post('/api/courses/buyCourseSubscription', { subject: 'English', method: 'wallet', currentEndsAt: first[0].endsAt });
    expect(renewed.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(courseSubscriptions).where(eq(courseSubscriptions.userId, id));
    rows.sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime());
    expect(rows[1]!.startsAt.getTime()).toBe(rows[0]!.endsAt.getTime());
    expect(rows[1]!.endsAt.getTime() - rows[1]!.startsAt.getTime()).toBe(30 * 86_400_000);
    const extended = (await c.post('/api/courses/getAllActiveSubscriptions')).json().items;
    expect(extended).toEqual([{ subject: 'English', startsAt: rows[0]!.startsAt.toISOString(), endsAt: rows[1]!.endsAt.toISOString() }]);
  });

  it('bought through the checkout is activated when the payment is verified', async () => {
    const { c, id } = await newLearner();
    const res = (await c.post('/api/courses/buyCourseSubscription', { subject: 'AI', method: 'checkout' })).json();
    expect(res.order).toMatchObject({ currency: 'INR', amount: COURSE_SUBSCRIPTION_PRICES.AI.INR });
    expect((await c.post('/api/courses/getAllActiveSubscriptions')).json().items).toEqual([]);
    expect((await payAndVerify(c, res.order.id)).json().message).toBe(courseMessages.courseSubscriptionActivated);
    await t.ctx.sandbox!.flushWebhooks();
    const rows = await t.ctx.db.select().from(courseSubscriptions).where(eq(courseSubscriptions.userId, id));
    expect(rows).toMatchObject([{ subject: 'AI', orderId: res.order.id, amountMinor: COURSE_SUBSCRIPTION_PRICES.AI.INR }]);
  });

  it('gives checkouts started at once for the same subscription one order', async () => {
    const { c, id } = await newLearner();
    const results = await Promise.all(Array.from({ length: 5 }, () => c.post('/api/courses/buyCourseSubscription', { subject: 'Kids', method: 'checkout' })));
    expect(new Set(results.map((res) => res.json().order.id)).size).toBe(1);
    const ielts = (await c.post('/api/courses/buyCourseSubscription', { subject: 'IELTS', method: 'checkout' })).json().order.id;
    expect((await openOrdersOf(id)).map((order) => order.id).sort()).toEqual([results[0]!.json().order.id, ielts].sort());
  });

  it('charges one of two identical wallet purchases made at once (a double press, two tabs)', async () => {
    const { c, id } = await newLearner();
    await topUp(c, 500_000);
    const buy = () => c.post('/api/courses/buyCourseSubscription', { subject: 'English', method: 'wallet' });
    const results = await Promise.all([buy(), buy()]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((res) => res.statusCode === 409)!;
    expect(refused.json()).toEqual({ code: 'PLAN_CHANGED', message: courseMessages.courseSubscriptionChanged('English') });
    expect(await balanceOf(c)).toBe(500_000 - COURSE_SUBSCRIPTION_PRICES.English.INR);
    expect(await ledgerConsistent(t, id)).toEqual({ balance: 500_000 - COURSE_SUBSCRIPTION_PRICES.English.INR, ledgerSum: 500_000 - COURSE_SUBSCRIPTION_PRICES.English.INR });
    expect(await debitsOf(id)).toHaveLength(1);
    expect(await t.ctx.db.select().from(courseSubscriptions).where(eq(courseSubscriptions.userId, id))).toHaveLength(1);
  });

  it('refuses a Subscribe from a page that did not show the subscription bought since, by wallet or checkout, charging nothing', async () => {
    const { c, id } = await newLearner();
    await topUp(c, 500_000);
    expect((await c.post('/api/courses/buyCourseSubscription', { subject: 'AI', method: 'wallet', currentEndsAt: null })).statusCode).toBe(200);
    const balance = await balanceOf(c);
    const [shown] = (await c.post('/api/courses/getAllActiveSubscriptions')).json().items;

    for (const method of ['wallet', 'checkout'] as const) {
      const stale = await c.post('/api/courses/buyCourseSubscription', { subject: 'AI', method, currentEndsAt: null });
      expect(stale.statusCode, method).toBe(409);
      expect(stale.json(), method).toEqual({ code: 'PLAN_CHANGED', message: courseMessages.courseSubscriptionChanged('AI') });
    }
    expect(await balanceOf(c)).toBe(balance);
    expect(await openOrdersOf(id)).toEqual([]);
    expect(await t.ctx.db.select().from(courseSubscriptions).where(eq(courseSubscriptions.userId, id))).toHaveLength(1);

    // Another subject is its own decision; a page showing the subscription renews it.
    expect((await c.post('/api/courses/buyCourseSubscription', { subject: 'English', method: 'checkout', currentEndsAt: null })).statusCode).toBe(200);
    expect((await c.post('/api/courses/buyCourseSubscription', { subject: 'AI', method: 'wallet', currentEndsAt: shown.endsAt })).statusCode).toBe(200);
    expect(await ledgerConsistent(t, id)).toEqual({ balance: balance - COURSE_SUBSCRIPTION_PRICES.AI.INR, ledgerSum: balance - COURSE_SUBSCRIPTION_PRICES.AI.INR });
  });

  it('is refused when the wallet is short', async () => {
    const { c, id } = await newLearner();
    const res = await c.post('/api/courses/buyCourseSubscription', { subject: 'IELTS', method: 'wallet' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(courseMessages.insufficientWallet);
    expect(await t.ctx.db.select().from(courseSubscriptions).where(eq(courseSubscriptions.userId, id))).toHaveLength(0);
  });
});
