// How text messages leave Parley. Like mail, every SMS is first written to the outbox table
// (channel 'sms'); the outbox job hands it to this transport. Without a provider configured the
// outbox is the end of the road (the development outbox page shows it); with Twilio it is sent
// over Twilio's REST API.

/** One outgoing text message. */
export type SmsMessage = { to: string; text: string };

export interface SmsTransport {
  readonly kind: 'outbox' | 'twilio';
  /** Sends the message; throws when the provider refused it (the job retries). */
  send(message: SmsMessage): Promise<void>;
}

/** The default: messages stay in the outbox table, where the development page and tests read them. */
export function createOutboxOnlySms(): SmsTransport {
  return { kind: 'outbox', async send() {} };
}

export type TwilioSettings = { accountSid: string; authToken: string; from: string };

/** A provider that does not answer must not hold the job for long; the job retries later instead. */
const TWILIO_TIMEOUT_MS = 15_000;

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json with basic auth and a
 * form body (To, From, Body). `fetchImpl` is the global fetch unless a test passes its own.
 */
export function createTwilioSms(settings: TwilioSettings, fetchImpl: typeof fetch = fetch): SmsTransport {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: toE164(message.to), From: settings.from, Body: message.text }),
        signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
      });
      // Twilio's error body names the problem (never the message text); its status decides the retry.
      if (!response.ok) throw new Error(`Twilio answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    },
  };
}

/** '+91 98200 12345' → '+919820012345' (the number as saved, spaces dropped). */
export function toE164(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? digits : `+${digits}`;
}
