import { addDaysToIsoDate, isoDateInZone } from './zoned-time';

// What a learner's saved profile must make sense as, beyond its shape (profileUpdatePayload in
// auth.ts): a phone number that could be dialled, an IELTS test date still to come. The spec is
// silent on both; these are Parley's rules. Each applies to a value the learner sets or
// changes: one saved earlier (a test date now past) is sent back with every save and stays.

/** Digits in a phone number, country code included: E.164 allows 15; the shortest in use have 7 (+290 2345). */
export const PHONE_DIGITS_MIN = 7;
export const PHONE_DIGITS_MAX = 15;
/** IELTS tests are booked months ahead, not years: a test date at most two years away. */
export const IELTS_TEST_DATE_MAX_AHEAD_DAYS = 730;

const INDIA_COUNTRY_CODE = '91';
/** An Indian mobile number (what phone verification texts, spec §5): 10 digits, the first 6 to 9. */
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

export const profileTexts = {
  phoneInvalid: 'Enter a valid phone number',
  phoneCountryCode: 'Start with your country code, e.g. +91 98200 12345 (no country code starts with 0)',
  phoneIndianMobile: 'Enter a 10-digit Indian mobile number (it starts with 6, 7, 8 or 9)',
  testDatePast: 'A test date can’t be in the past',
  testDateTooFar: 'Choose a test date within the next two years',
} as const;

/**
 * Why a phone number (already of the form `+? digits and spaces`) cannot be a real one, or null.
 * With + it is international: any country, whose code never starts with 0; an Indian one must be
 * a mobile. Without +, it is a number of the learner's `country`: in India a mobile (with a
 * trunk 0 or 91 before it, as people write it), elsewhere its national form.
 */
export function phoneNumberProblem(phone: string, country: string): string | null {
  const international = phone.trim().startsWith('+');
  const digits = phone.replace(/\D/g, '');
  if (international && digits.startsWith('0')) return profileTexts.phoneCountryCode;
  if (digits.length < PHONE_DIGITS_MIN || digits.length > PHONE_DIGITS_MAX || /^(\d)\1*$/.test(digits)) return profileTexts.phoneInvalid;
  if (international) return digits.startsWith(INDIA_COUNTRY_CODE) && !INDIAN_MOBILE.test(digits.slice(INDIA_COUNTRY_CODE.length)) ? profileTexts.phoneIndianMobile : null;
  if (country !== 'IN') return null;
  const national = digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits.length === 12 && digits.startsWith(INDIA_COUNTRY_CODE) ? digits.slice(2) : digits;
  return INDIAN_MOBILE.test(national) ? null : profileTexts.phoneIndianMobile;
}

/** Why an IELTS test date set or changed cannot be, or null: from the learner's today (in their time zone) to two years on. */
function testDateProblem(date: string, today: string): string | null {
  if (date < today) return profileTexts.testDatePast;
  if (date > addDaysToIsoDate(today, IELTS_TEST_DATE_MAX_AHEAD_DAYS)) return profileTexts.testDateTooFar;
  return null;
}

export type ProfileFields = { phoneNumber: string | null; country: string; timezone: string; ieltsTestDate?: string | null | undefined };
type SavedProfile = { phoneNumber: string | null; ieltsTestDate: string | null };

/**
 * The field errors of a profile about to be saved over `saved`, or null. Only what is new is
 * checked: a phone number or test date sent back as saved passes; a test date left out stays.
 */
export function learnerProfileProblems(profile: ProfileFields, saved: SavedProfile, now: Date): Record<string, string> | null {
  const problems: Record<string, string> = {};
  if (profile.phoneNumber !== null && profile.phoneNumber !== saved.phoneNumber) {
    const problem = phoneNumberProblem(profile.phoneNumber, profile.country);
    if (problem) problems.phoneNumber = problem;
  }
  const testDate = profile.ieltsTestDate;
  if (testDate && testDate !== saved.ieltsTestDate) {
    const problem = testDateProblem(testDate, isoDateInZone(now, profile.timezone));
    if (problem) problems.ieltsTestDate = problem;
  }
  return Object.keys(problems).length > 0 ? problems : null;
}
