/** One outgoing e-mail. */
export type MailMessage = { to: string; subject: string; text: string; html?: string | undefined };

/**
 * How mail leaves Parley. Every message is first written to the `mail_outbox` table; a job hands
 * it to this transport. Without SMTP configured the outbox is the end of the road (the
 * development outbox page shows it); with SMTP it is sent with nodemailer.
 */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  /** Sends the message; throws when the server refused it (the job retries). */
  send(message: MailMessage): Promise<void>;
}

/** The default: messages stay in the outbox table, where the development page and tests read them. */
export function createOutboxOnlyTransport(): MailTransport {
  return { kind: 'outbox', async send() {} };
}
