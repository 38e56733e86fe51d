import { describe, expect, it, vi } from 'vitest';
import { createTwilioSms, toE164 } from './sms-transport';

describe('the Twilio SMS transport', () => {
  it('posts the message to Twilio’s Messages API with basic auth and a form body', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"sid":"SM1"}', { status: 201 }));
    const sms = createTwilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006' }, fetchImpl);
    await sms.send({ to: '+91 98200 12345', text: '482913 is your Parley code.' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json');
    expect((init.headers as Record<string, string>).authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({ To: '+919820012345', From: '+15005550006', Body: '482913 is your Parley code.' });
  });

  it('throws when Twilio refuses, so the job retries', async () => {
    const sms = createTwilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006' }, async () => new Response('{"code":21211,"message":"Invalid To"}', { status: 400 }));
    await expect(sms.send({ to: '+1 555', text: 'x' })).rejects.toThrow(/Twilio answered 400/);
  });

  it('writes numbers as E.164', () => {
    expect(toE164('+91 98200 12345')).toBe('+919820012345');
    expect(toE164('44 20 7946 0958')).toBe('+442079460958');
  });
});
