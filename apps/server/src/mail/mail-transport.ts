import nodemailer from 'nodemailer';

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

/** nodemailer's `sendMail`, the only part of its transporter used here (tests pass a fake). */
export type SmtpSender = {
  sendMail(mail: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
};

// A mail server that does not answer must not hold a job (and its row lock) for nodemailer's
// default two minutes; the job retries later instead.
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** The mail job sends several messages at once: they share a few kept-open SMTP connections. */
const SMTP_POOL = { pool: true, maxConnections: 5 } as const;

/** SMTP through nodemailer: `url` such as smtp://user:pass@host:587 (smtps:// for TLS on connect). */
export function createSmtpTransport(options: { from: string } & ({ url: string } | { sender: SmtpSender })): MailTransport {
  const sender: SmtpSender = 'sender' in options ? options.sender : nodemailer.createTransport({ url: options.url, ...SMTP_POOL, ...SMTP_TIMEOUTS_MS });
  return {
    kind: 'smtp',
    async send(message) {
      await sender.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    },
  };
}
