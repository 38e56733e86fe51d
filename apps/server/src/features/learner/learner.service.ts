import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { ProfileUpdatePayload } from '@parley/domain/auth';
import {
  maskPhoneNumber,
  PHONE_CODE_DIGITS,
  PHONE_CODE_MAX_ATTEMPTS,
  phoneCodeExpiresAt,
  phoneCodeSendAllowance,
  phoneCodeState,
  phoneTexts,
} from '@parley/domain/phone-verification';
import { learnerProfileProblems } from '@parley/domain/learner-profile';
import { formatSessionTime } from '@parley/domain/live-sessions';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { loadUserRecord } from '../auth/auth.service';
import { queueSms, sendQueuedMail } from '../mail/mail.service';
import * as repo from './learner.repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * PUT /api/learner/profile: the schema checked its shape; a phone number or IELTS test date set
 * or changed must also make sense (`learnerProfileProblems`), and a refusal saves nothing.
 */
export async function updateLearnerProfile(ctx: AppContext, userId: string, input: ProfileUpdatePayload) {
  const now = ctx.now();
  const current = await loadUserRecord(ctx.db, userId, now);
  const problems = learnerProfileProblems(input, current, now);
  if (problems) throw new AppError('VALIDATION_FAILED', Object.values(problems)[0]!, problems);
  // A new phone number has to be verified again.
  await ctx.db.transaction((tx) => repo.updateProfile(tx, userId, input, current.phoneNumber !== input.phoneNumber));
  return { user: await loadUserRecord(ctx.db, userId, ctx.now()) };
}

/**
 * POST /api/learner/phone/send-code: a new 6-digit code by SMS to the saved number, replacing any
 * earlier one; at most 3 an hour for the learner, and 3 an hour to the number from any account.
 * The code is kept only as an HMAC and never logged; the SMS goes through the outbox (development:
 * the outbox page; production: the SMS provider).
 */
export async function sendPhoneCode(ctx: AppContext, userId: string) {
  const now = ctx.now();
  const { outboxId, phoneNumber, sendsLeft } = await ctx.db.transaction(async (tx) => {
    const learner = await repo.lockPhone(tx, userId);
    if (!learner?.phoneNumber) throw new AppError('VALIDATION_FAILED', phoneTexts.noNumber);
    if (learner.verified) throw new AppError('CONFLICT', phoneTexts.alreadyVerified);
    const allowance = phoneCodeSendAllowance(await repo.sendTimesSince(tx, userId, learner.phoneNumber, new Date(now.getTime() - HOUR_MS)), now);
    if (!allowance.allowed) {
      const timeZone = (await loadUserRecord(tx, userId, now)).timezone;
      throw new AppError('RATE_LIMITED', phoneTexts.tooManySends(formatSessionTime(allowance.retryAt, timeZone)));
    }
    const code = String(randomInt(0, 10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
    await repo.openCode(tx, { userId, phoneNumber: learner.phoneNumber, codeHash: codeHash(ctx, userId, learner.phoneNumber, code), expiresAt: phoneCodeExpiresAt(now), sentAt: now });
    const id = await queueSms(tx, { to: learner.phoneNumber, text: phoneTexts.sms(code), topic: `phone-code:${userId}` });
    return { outboxId: id, phoneNumber: learner.phoneNumber, sendsLeft: allowance.sendsLeft };
  });
  await sendQueuedMail(ctx, outboxId);
  return { sentTo: maskPhoneNumber(phoneNumber), expiresAt: phoneCodeExpiresAt(now).toISOString(), sendsLeft };
}

/**
 * POST /api/learner/phone/verify: the right code, within 10 minutes and 5 wrong tries, for the
 * number still saved, verifies it. Tries are counted under the learner's row lock, so guesses
 * sent at once cannot get past the limit.
 */
export async function verifyPhoneCode(ctx: AppContext, userId: string, code: string) {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const learner = await repo.lockPhone(tx, userId);
    if (learner?.verified) return { ok: true as const };
    const open = await repo.findOpenCode(tx, userId);
    if (!open || open.phoneNumber !== learner?.phoneNumber) return { ok: false as const, error: new AppError('CONFLICT', phoneTexts.noCode) };
    const state = phoneCodeState({ expiresAt: open.expiresAt, failedAttempts: open.failedAttempts, now });
    if (state === 'expired') return { ok: false as const, error: new AppError('CONFLICT', phoneTexts.expired) };
    if (state === 'used-up') return { ok: false as const, error: new AppError('CONFLICT', phoneTexts.usedUp) };
    if (!sameHash(open.codeHash, codeHash(ctx, userId, open.phoneNumber, code))) {
      // The try is counted in this transaction, which commits: the error is returned, not thrown.
      const failed = await repo.countFailedAttempt(tx, userId);
      return { ok: false as const, error: new AppError('VALIDATION_FAILED', phoneTexts.wrongCode(PHONE_CODE_MAX_ATTEMPTS - failed), { code: 'Wrong code' }) };
    }
    await repo.markVerified(tx, userId, open.phoneNumber);
    return { ok: true as const };
  });
  if (!outcome.ok) throw outcome.error;
  return { message: phoneTexts.verified, user: await loadUserRecord(ctx.db, userId, now) };
}

/** HMAC of the code under the server's secret, bound to the learner and the number it was sent to. */
function codeHash(ctx: AppContext, userId: string, phoneNumber: string, code: string): string {
  return createHmac('sha256', ctx.config.tokenSecret).update(`phone-code|${userId}|${phoneNumber}|${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
