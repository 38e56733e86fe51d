import { courseMessages, giftRefund } from '@parley/domain/courses';
import { formatMoney } from '@parley/domain/money';
import { letter } from '@parley/domain/mail';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { QueuedJob } from '../../jobs/queue';
import { queueMail, sendAfterCommit, type AfterCommitLog } from '../mail/mail.service';
import { notify, pushNotifications } from '../notifications/notifications.service';
import { loadPriceSettings } from '../pricing/pricing.service';
import { recordLedgerEntry, walletCurrency } from '../wallet/wallet.service';
import * as repo from './courses.repository';

// A gift nobody redeemed within GIFT_VALID_DAYS expires, and its price goes back to the giver's
// wallet: one job per paid gift, held by the queue until the gift expires, stored with the payment.

export const COURSE_GIFT_EXPIRY_JOB = 'course-gift-expiry';

export type CourseGiftExpiryJob = { giftId: string };

const JOB_RETRIES = { retryLimit: 10, retryDelaySeconds: 60, retryBackoff: true };

/** The job to store in the transaction that marks the gift paid. */
export const giftExpiryJob = (gift: { id: string; expiresAt: Date }): QueuedJob => ({
  name: COURSE_GIFT_EXPIRY_JOB,
  data: { giftId: gift.id } satisfies CourseGiftExpiryJob,
  startAfter: gift.expiresAt,
});

/** Runs the expiry job in this process (every node does), and gives a job to paid gifts that have none (made before it existed). */
export async function registerGiftExpiryJobs(ctx: AppContext, log: AfterCommitLog): Promise<void> {
  await ctx.jobs.define<CourseGiftExpiryJob>(COURSE_GIFT_EXPIRY_JOB, async ({ giftId }) => void (await refundExpiredGift(ctx, giftId, log)), JOB_RETRIES);
  await scheduleMissingGiftExpiries(ctx);
}

/** Paid gifts with no expiry job waiting get one; returns how many. */
export async function scheduleMissingGiftExpiries(ctx: AppContext): Promise<number> {
  const gifts = await repo.paidGiftsMissingExpiryJob(ctx.db, COURSE_GIFT_EXPIRY_JOB);
  for (const gift of gifts) await ctx.jobs.send<CourseGiftExpiryJob>(COURSE_GIFT_EXPIRY_JOB, { giftId: gift.id }, { startAfter: gift.expiresAt });
  return gifts.length;
}

/**
 * The expiry job: a gift still paid (not redeemed) once it has expired becomes refunded, and its
 * price is credited to the giver's wallet, in one transaction with one conditional update, so it
 * is given back once however often the job runs; the giver is told in the bell and by e-mail. A gift
 * redeemed meanwhile is left alone. Returns whether this run gave it back.
 */
export async function refundExpiredGift(ctx: AppContext, giftId: string, log: AfterCommitLog): Promise<boolean> {
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const gift = await repo.refundExpiredGift(tx, giftId, now);
    if (!gift) return null;
    const settings = await loadPriceSettings(tx);
    const refund = giftRefund({ amountMinor: gift.amountMinor, currency: gift.currency }, await walletCurrency(tx, gift.giverId), settings.usdToInrRate);
    const title = gift.courseTitle ?? 'a course';
    await recordLedgerEntry(tx, { userId: gift.giverId, amount: refund, kind: 'credit', description: `Gift not redeemed: ${title} for ${gift.recipientName}` });
    const text = courseMessages.giftRefunded(title, gift.recipientName, formatMoney(refund));
    const notice = await notify(tx, gift.giverId, { kind: 'course_gift_refunded', title: 'Your gift was not redeemed', body: text, link: '/wallet' });
    const mailId = await mailGiver(tx, gift.id, gift.giverId, title, text);
    return { notice, mailId };
  });
  if (!done) {
    // An expiry never moves, so a gift still paid here is early only by this process's clock
    // (behind the database's, which let the job start): the queue tries it again shortly.
    const gift = await repo.findGift(ctx.db, giftId);
    if (gift?.status === 'paid') throw new Error(`course gift ${giftId} has not expired yet by this process's clock`);
    return false;
  }
  pushNotifications(ctx, [done.notice]);
  if (done.mailId) await sendAfterCommit(ctx, done.mailId, log);
  return true;
}

async function mailGiver(tx: Db, giftId: string, giverId: string, courseTitle: string, text: string): Promise<string | null> {
  const giver = await repo.findUser(tx, giverId);
  if (!giver?.email) return null;
  return queueMail(tx, { to: giver.email, subject: `Your gift of ${courseTitle} was not redeemed`, text: letter(giver.name, [text]), topic: `course-gift-refunded:${giftId}` });
}
