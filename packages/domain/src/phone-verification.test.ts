import { describe, expect, it } from 'vitest';
import {
  maskPhoneNumber,
  PHONE_CODE_DIGITS,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_SENDS_PER_HOUR,
  PHONE_CODE_TTL_MIN,
  phoneCodeExpiresAt,
  phoneCodeSendAllowance,
  phoneCodeState,
  phoneLimitKey,
  phoneTexts,
  phoneVerifyPayload,
} from './phone-verification';

const MIN = 60_000;
const t0 = new Date('2027-05-01T10:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * MIN);

describe('phone codes', () => {
  it('are 6 digits, live 10 minutes, survive 5 wrong tries, 3 sends an hour', () => {
    expect([PHONE_CODE_DIGITS, PHONE_CODE_TTL_MIN, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_SENDS_PER_HOUR]).toEqual([6, 10, 5, 3]);
  });

  it('expire 10 minutes after sending', () => {
    expect(phoneCodeExpiresAt(t0)).toEqual(at(10));
    expect(phoneCodeState({ expiresAt: at(10), failedAttempts: 0, now: at(9.99) })).toBe('open');
    expect(phoneCodeState({ expiresAt: at(10), failedAttempts: 0, now: at(10) })).toBe('expired');
  });

  it('are used up after 5 wrong tries', () => {
    expect(phoneCodeState({ expiresAt: at(10), failedAttempts: 4, now: at(1) })).toBe('open');
    expect(phoneCodeState({ expiresAt: at(10), failedAttempts: 5, now: at(1) })).toBe('used-up');
  });

  it('are sent at most 3 times in any hour, and say when the next is allowed', () => {
    expect(phoneCodeSendAllowance([], t0)).toEqual({ allowed: true, sendsLeft: 2 });
    expect(phoneCodeSendAllowance([at(-50), at(-20)], t0)).toEqual({ allowed: true, sendsLeft: 0 });
    expect(phoneCodeSendAllowance([at(-50), at(-20), at(-5)], t0)).toEqual({ allowed: false, retryAt: at(10) });
    // A send more than an hour ago no longer counts.
    expect(phoneCodeSendAllowance([at(-61), at(-20), at(-5)], t0)).toEqual({ allowed: true, sendsLeft: 0 });
    expect(phoneCodeSendAllowance([at(-70), at(-65), at(-59), at(-30), at(-1)], t0)).toEqual({ allowed: false, retryAt: at(1) });
  });

  it('the code field takes exactly 6 digits', () => {
    expect(phoneVerifyPayload.parse({ code: ' 012345 ' })).toEqual({ code: '012345' });
    for (const code of ['12345', '1234567', '12a456', '']) expect(phoneVerifyPayload.safeParse({ code }).success).toBe(false);
  });

  it('messages show only the last four digits and never the code in an error', () => {
    expect(maskPhoneNumber('+91 98200 12345')).toBe('•••• 2345');
    expect(phoneTexts.wrongCode(4)).toBe('That code is not right. 4 tries left.');
    expect(phoneTexts.wrongCode(1)).toBe('That code is not right. 1 try left.');
    expect(phoneTexts.wrongCode(0)).toMatch(/last try/);
    expect(phoneTexts.sms('482913')).toContain('482913');
  });
});

describe('phoneLimitKey', () => {
  it('is one key for one handset however the number is written', () => {
    for (const written of ['+91 98765 43210', '+919876543210', '919876543210', '098765 43210', '9876543210']) expect(phoneLimitKey(written)).toBe('9876543210');
  });

  it('keeps a short number whole, and tells different numbers apart', () => {
    expect(phoneLimitKey('+44 7700 900')).toBe('447700900');
    expect(phoneLimitKey('+44 7700 900123')).not.toBe(phoneLimitKey('+44 7700 900124'));
  });
});
