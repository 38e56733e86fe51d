import { requestExpiresAt } from '@parley/domain/chat-slots';
import { REQUEST_EXPIRY_BEFORE_START_MIN } from '@parley/domain/constants';
import { MS_PER_MINUTE } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import { pushNotifications } from '../notifications/notifications.service';
import { noticeRequestClosed, publishAnsweredRequest, settleRequestNotice, toMessage } from './chat-messages';
import * as repo from './chat.repository';

// spec §4: "A Requested message is shown to the viewer as Expired when the current time is within
// 5 minutes before the session start, or later." The display rule (displayStatus) says so on
// every screen; this job also stores it, tells both open chats, and tells the learner.

export const CHAT_REQUEST_EXPIRY_JOB = 'chat-request-expiry';

export type ChatRequestExpiryJob = { messageId: string };

const JOB_RETRIES = { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true };
/** At start-up, requests that expired within this many hours still get their job (and their notification). */
const EXPIRY_CATCH_UP_HOURS = 24;

/** After a request is stored: one job, held by the queue until the request expires. */
export async function scheduleRequestExpiry(ctx: AppContext, request: { id: string; sessionStartAt: Date | null }): Promise<void> {
  if (!request.sessionStartAt) return;
  await ctx.jobs.send<ChatRequestExpiryJob>(CHAT_REQUEST_EXPIRY_JOB, { messageId: request.id }, { startAfter: requestExpiresAt(request.sessionStartAt) });
}

/** Runs the expiry job in this process (every node does), and schedules those a crash or an older version left out. */
export async function registerChatRequestJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<ChatRequestExpiryJob>(CHAT_REQUEST_EXPIRY_JOB, async ({ messageId }) => {
    await expireChatRequest(ctx, messageId);
  }, JOB_RETRIES);
  await scheduleMissingRequestExpiries(ctx);
}

/** Requested requests whose expiry is ahead, or passed within the last day, and that have no pending job get one. */
export async function scheduleMissingRequestExpiries(ctx: AppContext): Promise<number> {
  // Expiring after (now − catch-up) is starting after (now − catch-up + the expiry lead).
  const startsAfter = new Date(ctx.now().getTime() + (REQUEST_EXPIRY_BEFORE_START_MIN - EXPIRY_CATCH_UP_HOURS * 60) * MS_PER_MINUTE);
  const requests = await repo.requestsMissingExpiryJob(ctx.db, CHAT_REQUEST_EXPIRY_JOB, startsAfter);
  for (const request of requests) await scheduleRequestExpiry(ctx, request);
  return requests.length;
}

/**
 * The expiry job: a request still Requested at its expiry becomes Expired, in one conditional
 * update; only the run that changed it publishes `message_updated` to both members and tells the
 * learner (and a kid's parent). A request answered meanwhile, or already expired, is left alone.
 * Returns whether this run expired it.
 */
export async function expireChatRequest(ctx: AppContext, messageId: string): Promise<boolean> {
  const now = ctx.now();
  const request = await repo.findMessage(ctx.db, messageId);
  if (!request?.sessionStartAt || request.status !== 'Requested') return false;
  // A request's time never moves, so an early run means only that this process's clock is behind
  // the database's: the queue retries it shortly.
  if (now.getTime() < requestExpiresAt(request.sessionStartAt).getTime()) throw new Error(`chat request ${messageId} has not expired yet by this process's clock`);

  const result = await ctx.db.transaction(async (tx) => {
    const expired = await repo.expireRequest(tx, messageId);
    if (!expired) return null;
    const room = await repo.findRoom(tx, expired.roomId);
    if (!room) throw new Error(`chat request ${messageId} has no room`);
    await settleRequestNotice(tx, room, expired.id, now);
    return { expired, room, notifications: await noticeRequestClosed(tx, expired, room, 'expired') };
  });
  if (!result) return false;
  publishAnsweredRequest(ctx, result.room, toMessage(result.expired, result.room));
  pushNotifications(ctx, result.notifications);
  return true;
}
