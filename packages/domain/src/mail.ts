import { z } from 'zod';

// Outgoing e-mail and text messages as the development outbox shows them: every message Parley
// sends is written to the outbox first (gift redeem links, reminders, phone codes), so it can be
// read without a mail server or an SMS provider.

/**
 * queued: waiting for the mail job; sending: a job has claimed it and is handing it over; sent:
 * over SMTP; kept: no SMTP configured, the outbox is the end; failed: SMTP gave up.
 */
export const outboxStatuses = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * Every e-mail's frame: the greeting by name, the body's lines (an empty string is a blank line),
 * and Parley's signature.
 */
export const letter = (name: string, lines: readonly string[]): string => [`Hello ${name},`, '', ...lines, '', 'Parley'].join('\n');

/** The development outbox lists at most this many messages, newest first. */
export const DEV_OUTBOX_LIMIT = 50;

/** GET /api/dev/outbox[?to]: only outside production; `to` an e-mail address or a phone number. */
export const devOutboxQuery = z.object({ to: z.union([z.email().max(254), z.string().regex(/^\+?[0-9 ]{7,16}$/)]).optional() });

export const outboxMessageSchema = z.object({
  _id: z.string(),
  /** An e-mail, or a text message (SMS: no subject). */
  channel: z.enum(['mail', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(outboxStatuses),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const devOutboxResponse = z.object({ items: z.array(outboxMessageSchema) });
