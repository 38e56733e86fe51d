import { z } from 'zod';
import { MS_PER_MINUTE } from './zoned-time';

// Verifying a learner's phone number with a one-time code sent by SMS. The server makes and
// checks codes; these rules say how long a code lives, how many tries and sends there are.

/** A code has this many digits. */
export const PHONE_CODE_DIGITS = 6;
/** A code stops working this many minutes after it was sent. */
export const PHONE_CODE_TTL_MIN = 10;
/** Wrong tries a code survives; the next wrong one ends it (a new code must be sent). */
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** At most this many codes are sent to one learner in any hour. */
export const PHONE_CODE_SENDS_PER_HOUR = 3;
const HOUR_MS = 60 * MS_PER_MINUTE;

/** When a code sent at `sentAt` stops working. */
export const phoneCodeExpiresAt = (sentAt: Date) => new Date(sentAt.getTime() + PHONE_CODE_TTL_MIN * MS_PER_MINUTE);

/**
 * Whether another code may be sent now, given when the earlier ones were sent: at most 3 in any
 * hour. When not, `retryAt` is when the oldest of the last hour's sends leaves the window.
 */
export function phoneCodeSendAllowance(sentAt: readonly Date[], now: Date): { allowed: true; sendsLeft: number } | { allowed: false; retryAt: Date } {
  const windowStart = now.getTime() - HOUR_MS;
  const recent = sentAt.map((d) => d.getTime()).filter((t) => t > windowStart && t <= now.getTime()).sort((a, b) => a - b);
  if (recent.length < PHONE_CODE_SENDS_PER_HOUR) return { allowed: true, sendsLeft: PHONE_CODE_SENDS_PER_HOUR - recent.length - 1 };
  return { allowed: false, retryAt: new Date(recent[recent.length - PHONE_CODE_SENDS_PER_HOUR]! + HOUR_MS) };
}

export type PhoneCodeState = 'open' | 'expired' | 'used-up';

/** Whether a sent code can still be tried: not past its 10 minutes, and fewer than 5 wrong tries so far. */
export function phoneCodeState({ expiresAt, failedAttempts, now }: { expiresAt: Date; failedAttempts: number; now: Date }): PhoneCodeState {
  if (now.getTime() >= expiresAt.getTime()) return 'expired';
  if (failedAttempts >= PHONE_CODE_MAX_ATTEMPTS) return 'used-up';
  return 'open';
}

/**
 * The handset a number reaches, for limits per number: its last 10 digits, so one number written
 * with spaces, with or without + and its country code, or with a trunk 0 ("+91 98765 43210",
 * "919876543210", "09876543210") is one number. Two numbers of different countries that end in
 * the same 10 digits share a limit, which only makes the limit stricter.
 */
export function phoneLimitKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/** A phone number as a message to its owner shows it: only the last four digits. */
export function maskPhoneNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

export const phoneTexts = {
  noNumber: 'Save a phone number first, then verify it.',
  alreadyVerified: 'This phone number is already verified.',
  wrongCode: (triesLeft: number) => (triesLeft > 0 ? `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.` : 'That code is not right, and that was the last try. Send a new code.'),
  expired: 'That code has expired. Send a new one.',
  usedUp: 'Too many wrong tries for this code. Send a new one.',
  noCode: 'Send a code first.',
  tooManySends: (retryAt: string) => `You can ask for ${PHONE_CODE_SENDS_PER_HOUR} codes an hour. You can ask again at ${retryAt}.`,
  sms: (code: string) => `${code} is your Parley code to verify your phone number. It expires in ${PHONE_CODE_TTL_MIN} minutes. Don't share it with anyone.`,
  verified: 'Your phone number is verified.',
} as const;

/** POST /api/learner/phone/verify */
export const phoneVerifyPayload = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_DIGITS}}$`), { message: `Enter the ${PHONE_CODE_DIGITS}-digit code` }),
});
/** POST /api/learner/phone/send-code: where it went (masked), until when it works, how many more sends this hour. */
export const phoneCodeSentResponse = z.object({ sentTo: z.string(), expiresAt: z.string(), sendsLeft: z.number().int().min(0) });
