import { z } from 'zod';
import { isEasilyGuessed } from './common-passwords';
import { canonicalTimeZone, isCountryCode } from './geo';
import { passwordRoles, roles } from './roles';
import { safeText, singleLineText, tidiedLine, trimmedLine, webAddress } from './text';
import { PHONE_DIGITS_MAX, PHONE_DIGITS_MIN, profileTexts } from './learner-profile';
import { isIsoDate } from './zoned-time';

/** An address is at most 254 characters, 64 of them before the @ (RFC 5321's limits). */
export const EMAIL_MAX = 254;
const EMAIL_LOCAL_PART_MAX = 64;
export const emailSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter your email', abort: true })
  .max(EMAIL_MAX, { message: `An email address is at most ${EMAIL_MAX} characters` })
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }).refine((email) => email.lastIndexOf('@') <= EMAIL_LOCAL_PART_MAX, { message: 'Enter a valid email address' }));
export const passwordSchema = z
  .string()
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(128, { message: 'Password must be at most 128 characters' })
  // Eight spaces are eight characters, but no password.
  .refine((password) => password.trim().length >= 8, { message: 'Password must have at least 8 characters besides spaces' })
  .refine((password) => !isEasilyGuessed(password), { message: 'This password is one of the first ones guessed. Choose another.' });
export const countrySchema = z
  .string()
  // A sign-up form whose browser zone says no country starts with none chosen.
  .min(1, { message: 'Choose your country' })
  .refine(isCountryCode, { message: 'Choose a country from the list' });
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isKnownTimeZone, { message: 'Unknown timezone' })
  // Stored and shown by its current IANA name (a browser in India still says 'Asia/Calcutta').
  .overwrite(canonicalTimeZone);

// Building a formatter costs ~0.1 ms, and every schedule request validates a zone.
const knownZones = new Set<string>();
function isKnownTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < 1000) knownZones.add(zone);
  return true;
}

/**
 * A person's name: an empty field asks for it, a one-letter name says what is wrong; kept without
 * the spaces around it and with one space where it had several. Kids' names use the same rule with
 * their own wording.
 */
export const personName = (max: number, empty = 'Enter your name', tooShort = 'A name needs at least 2 letters') =>
  tidiedLine(max)
    .min(1, { message: empty, abort: true })
    .refine((name) => (name.match(/\p{L}/gu)?.length ?? 0) >= 2, { message: tooShort })
    .refine((name) => !/[<>]/.test(name), { message: 'A name can’t contain < or >.' });

/** IELTS bands a learner can aim for. */
/** Kiribati's UTC+14 reaches each date first: no date after today there has come anywhere yet. */
const FIRST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

/** UTC−12 reaches each date last: the oldest date of birth allowed counts from today there. */
const LAST_UTC_OFFSET_MS = 12 * 60 * 60 * 1000;
/** Nobody alive is older (the oldest person on record reached 122): an older date is a slip such as 0001-01-01. */
export const DATE_OF_BIRTH_MAX_AGE_YEARS = 120;

/** Today's date where it began first (UTC+14), and where it began last (UTC−12): every place on Earth is on one of the two, or between. */
export const todayAnywhere = (): { first: string; last: string } => ({
  first: new Date(Date.now() + FIRST_UTC_OFFSET_MS).toISOString().slice(0, 10),
  last: new Date(Date.now() - LAST_UTC_OFFSET_MS).toISOString().slice(0, 10),
});

/** The oldest date of birth allowed now: 120 years before the latest date anywhere on Earth has reached. */
export function earliestDateOfBirth(): string {
  const today = todayAnywhere().last;
  return `${String(Number(today.slice(0, 4)) - DATE_OF_BIRTH_MAX_AGE_YEARS).padStart(4, '0')}${today.slice(4)}`;
}

/** A date of birth: a real calendar date that has come somewhere on Earth, at most 120 years ago (checked when parsed). */
export const dateOfBirth = () =>
  z.iso
    .date({ message: 'Enter a valid date of birth' })
    // A date that is no date (2026-13-45) is named once, as such.
    .refine((date) => !isIsoDate(date) || date <= todayAnywhere().first, { message: 'A date of birth can’t be in the future' })
    .refine((date) => !isIsoDate(date) || date >= earliestDateOfBirth(), { message: `Enter a date of birth within the last ${DATE_OF_BIRTH_MAX_AGE_YEARS} years` });

export const IELTS_BAND_MIN = 4;
export const IELTS_BAND_MAX = 9;

export const signupPayload = z.object({
  name: personName(80),
  email: emailSchema,
  password: passwordSchema,
  country: countrySchema,
  timezone: timeZoneSchema,
  referralCode: trimmedLine(32).optional(),
});
export type SignupPayload = z.infer<typeof signupPayload>;

export const AFFILIATE_CHANNEL_MAX = 300;
export const AFFILIATE_AUDIENCE_MIN = 20;
export const AFFILIATE_AUDIENCE_MAX = 1000;

/**
 * /affiliate/apply: an affiliate partner's account, with where they will share Parley and who
 * follows them there, for the moderators to decide on. The account waits as Pending until then.
 */
export const affiliateSignupPayload = z.object({
  name: personName(80, 'Enter your full name'),
  email: emailSchema,
  password: passwordSchema,
  country: countrySchema,
  timezone: timeZoneSchema,
  channel: z
    .string()
    .trim()
    .min(1, { message: 'Enter the web address where you will share Parley' })
    .max(AFFILIATE_CHANNEL_MAX, { message: `Use at most ${AFFILIATE_CHANNEL_MAX} characters` })
    .pipe(webAddress()),
  audience: safeText(AFFILIATE_AUDIENCE_MAX)
    .trim()
    .min(AFFILIATE_AUDIENCE_MIN, { message: `Tell us about your audience in at least ${AFFILIATE_AUDIENCE_MIN} characters` }),
});
export type AffiliateSignupPayload = z.input<typeof affiliateSignupPayload>;
export type AffiliateSignup = z.output<typeof affiliateSignupPayload>;

export const loginPayload = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'Enter your password' }).max(128),
  role: z.enum(passwordRoles),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const logoutPayload = z.object({ role: z.enum(roles) });

/** The learnerId query parameter, plus the single-use token we require. */
export const loginLinkPayload = z.object({
  learnerId: z.uuid(),
  token: singleLineText(200).min(20),
});
export type LoginLinkPayload = z.infer<typeof loginLinkPayload>;

/**
 * A phone number as people write it ('+1 (312) 555-0100', '+1.312.555.0100'): kept as digits in
 * single-spaced groups with a + only in front, of PHONE_DIGITS_MIN to PHONE_DIGITS_MAX digits
 * (whether it can be a real number is phoneNumberProblem's question).
 */
const phoneNumberSchema = z
  .string()
  .overwrite((text) => text.replace(/[().-]/g, ' ').replace(/\s+/g, ' ').trim())
  .refine(
    (text) => {
      const digits = text.replace(/\D/g, '').length;
      return /^\+?\d[\d ]*$/.test(text) && digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
    },
    { message: profileTexts.phoneInvalid },
  );

export const profileUpdatePayload = z.object({
  name: personName(80),
  phoneNumber: phoneNumberSchema.nullable(),
  dob: dateOfBirth().nullable(),
  country: countrySchema,
  timezone: timeZoneSchema,
  /** IELTS learners: the band they aim for (4.0 to 9.0 in halves) and their test date; left out, they stay as they are. */
  ieltsBandGoal: z
    .number()
    .min(IELTS_BAND_MIN, { message: `A band goal is from ${IELTS_BAND_MIN} to ${IELTS_BAND_MAX}` })
    .max(IELTS_BAND_MAX, { message: `A band goal is from ${IELTS_BAND_MIN} to ${IELTS_BAND_MAX}` })
    .multipleOf(0.5, { message: 'IELTS bands go in halves (6.5, 7.0, …)' })
    .nullable()
    .optional(),
  ieltsTestDate: z.iso.date({ message: 'Enter a valid date' }).nullable().optional(),
});
export type ProfileUpdatePayload = z.infer<typeof profileUpdatePayload>;

/** A peer-only account's own details (a learner edits theirs in the profile above). */
export const accountDetailsPayload = profileUpdatePayload.pick({ name: true, country: true, timezone: true });
export type AccountDetailsPayload = z.infer<typeof accountDetailsPayload>;

/** What a successful sign-in answers: the session handle the web app keeps under the role's key. */
export const sessionResponse = z.object({
  role: z.enum(roles),
  handle: z.string(),
});
