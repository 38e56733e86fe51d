import { describe, expect, it } from 'vitest';
import {
  IELTS_TEST_DATE_MAX_AHEAD_DAYS,
  learnerProfileProblems,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  phoneNumberProblem,
  profileTexts,
} from './learner-profile';

describe('phone numbers', () => {
  it('has the length E.164 allows: 7 to 15 digits', () => {
    expect([PHONE_DIGITS_MIN, PHONE_DIGITS_MAX]).toEqual([7, 15]);
  });

  it('takes international numbers of any country, and Indian mobiles written as people write them', () => {
    for (const phone of ['+91 98200 12345', '+919820012345', '+1 415 555 0132', '+44 20 7946 0958', '+380 44 123 4567', '+290 2345']) {
      expect(phoneNumberProblem(phone, 'US'), phone).toBeNull();
    }
    for (const phone of ['98200 12345', '09820012345', '919820012345', '+91 98200 12345']) expect(phoneNumberProblem(phone, 'IN'), phone).toBeNull();
    // A number without its country code, from elsewhere: its national form (a trunk 0 is fine).
    expect(phoneNumberProblem('020 7946 0958', 'GB')).toBeNull();
  });

  it('refuses a country code of 0, one digit repeated, and a length no number has', () => {
    for (const phone of ['+0000000', '+0 98200 12345', '+00 44 20 7946 0958']) expect(phoneNumberProblem(phone, 'IN'), phone).toBe(profileTexts.phoneCountryCode);
    for (const phone of ['0000000', '9999999999', '+11111111', '+91 00000 00000']) expect(phoneNumberProblem(phone, 'US'), phone).not.toBeNull();
    expect(phoneNumberProblem('+1 234 567 890 123 456', 'US')).toBe(profileTexts.phoneInvalid);
    expect(phoneNumberProblem('+12 345', 'US')).toBe(profileTexts.phoneInvalid);
  });

  it('asks for an Indian mobile number where the number is Indian', () => {
    for (const phone of ['+91 12345 67890', '+91 98200 1234', '+91 98200 123456', '+91 22 2345 6789']) expect(phoneNumberProblem(phone, 'US'), phone).toBe(profileTexts.phoneIndianMobile);
    for (const phone of ['12345 67890', '9820012', '0 22 2345 6789']) expect(phoneNumberProblem(phone, 'IN'), phone).toBe(profileTexts.phoneIndianMobile);
  });
});

describe('a learner profile saved', () => {
  // 20:00 UTC on 28 November is already 29 November in India.
  const now = new Date(Date.UTC(2026, 10, 28, 20));
  const saved = { phoneNumber: '+91 98200 12345', ieltsTestDate: '2026-10-01' };
  const profile = { phoneNumber: '+91 98200 12345', country: 'IN', timezone: 'Asia/Kolkata' };

  it('sets an IELTS test date from today on, in the learner’s own time zone, and at most two years ahead', () => {
    expect(IELTS_TEST_DATE_MAX_AHEAD_DAYS).toBe(730);
    expect(learnerProfileProblems({ ...profile, ieltsTestDate: '2026-11-29' }, saved, now)).toBeNull();
    expect(learnerProfileProblems({ ...profile, ieltsTestDate: '2026-11-28' }, saved, now)).toEqual({ ieltsTestDate: profileTexts.testDatePast });
    expect(learnerProfileProblems({ ...profile, timezone: 'America/New_York', ieltsTestDate: '2026-11-28' }, saved, now)).toBeNull();
    expect(learnerProfileProblems({ ...profile, ieltsTestDate: '1999-01-01' }, saved, now)).toEqual({ ieltsTestDate: profileTexts.testDatePast });
    expect(learnerProfileProblems({ ...profile, ieltsTestDate: '2028-11-28' }, saved, now)).toBeNull();
    expect(learnerProfileProblems({ ...profile, ieltsTestDate: '2028-11-29' }, saved, now)).toEqual({ ieltsTestDate: profileTexts.testDateTooFar });
  });

  it('keeps a saved test date that has passed when it is sent back unchanged, and lets it be cleared or left out', () => {
    expect(learnerProfileProblems({ ...profile, ieltsTestDate: '2026-10-01' }, saved, now)).toBeNull();
    expect(learnerProfileProblems({ ...profile, ieltsTestDate: null }, saved, now)).toBeNull();
    expect(learnerProfileProblems({ ...profile }, saved, now)).toBeNull();
  });

  it('checks a phone number when it is new or changed, never one kept as saved', () => {
    expect(learnerProfileProblems({ ...profile, phoneNumber: '+0000000' }, saved, now)).toEqual({ phoneNumber: profileTexts.phoneCountryCode });
    expect(learnerProfileProblems({ ...profile, phoneNumber: '+0000000' }, { ...saved, phoneNumber: '+0000000' }, now)).toBeNull();
    expect(learnerProfileProblems({ ...profile, phoneNumber: null }, saved, now)).toBeNull();
    expect(learnerProfileProblems({ ...profile, phoneNumber: '+0000000', ieltsTestDate: '1999-01-01' }, saved, now)).toEqual({
      phoneNumber: profileTexts.phoneCountryCode,
      ieltsTestDate: profileTexts.testDatePast,
    });
  });
});
