import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AFFILIATE_AUDIENCE_MAX,
  AFFILIATE_AUDIENCE_MIN,
  AFFILIATE_CHANNEL_MAX,
  affiliateSignupPayload,
  DATE_OF_BIRTH_MAX_AGE_YEARS,
  EMAIL_MAX,
  emailSchema,
  passwordSchema,
  profileUpdatePayload,
  signupPayload,
  timeZoneSchema,
} from './auth';
import { isEasilyGuessed } from './common-passwords';
import { kidAgeRangeText, newKidPayload } from './kids';

const messagesFor = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message) ?? [];

describe('names', () => {
  const signup = (name: string) => signupPayload.safeParse({ name, email: 'a@example.com', password: 'correct horse', country: 'IN', timezone: 'Asia/Kolkata' });

  it('an empty name asks for it; a one-letter name says it is too short', () => {
    expect(messagesFor(signup('   '), 'name')).toEqual(['Enter your name']);
    expect(messagesFor(signup('R'), 'name')).toEqual(['A name needs at least 2 letters']);
    expect(signup(' Ro ').success).toBe(true);
  });

  it('counts letters, not characters, and takes no markup', () => {
    expect(messagesFor(signup('1.'), 'name')).toEqual(['A name needs at least 2 letters']);
    expect(messagesFor(newKidPayload.safeParse({ name: '<>' }), 'name')).toEqual(['A kid’s name needs at least 2 letters', 'A name can’t contain < or >.']);
    expect(messagesFor(newKidPayload.safeParse({ name: '<script>alert(1)</script>' }), 'name')).toEqual(['A name can’t contain < or >.']);
    for (const name of ['Zoë O’Brien-Smith', 'Ravi K.', 'अनन्या', '李雷']) expect(signup(name).success).toBe(true);
  });

  it('the profile and a kid’s name follow the same rule', () => {
    const profile = profileUpdatePayload.safeParse({ name: 'R', phoneNumber: null, dob: null, country: 'IN', timezone: 'Asia/Kolkata' });
    expect(messagesFor(profile, 'name')).toEqual(['A name needs at least 2 letters']);
    expect(messagesFor(newKidPayload.safeParse({ name: '' }), 'name')).toEqual(['Enter the kid’s name']);
    expect(messagesFor(newKidPayload.safeParse({ name: 'A' }), 'name')).toEqual(['A kid’s name needs at least 2 letters']);
  });

  it('keeps one space where a name has several in a row', () => {
    expect(signup('  Emily   Carter  ').data?.name).toBe('Emily Carter');
    expect(newKidPayload.parse({ name: 'Aarav    Rao' }).name).toBe('Aarav Rao');
    const profile = profileUpdatePayload.parse({ name: 'Rohan  Kumar   Sharma', phoneNumber: null, dob: null, country: 'IN', timezone: 'Asia/Kolkata' });
    expect(profile.name).toBe('Rohan Kumar Sharma');
    // Counted once the runs are one space: 60 letters with a run of spaces inside still fit a kid's 60.
    expect(newKidPayload.safeParse({ name: `${'a'.repeat(30)}     ${'a'.repeat(29)}` }).success).toBe(true);
  });

  it('takes a phone number as people write it (dashes, dots, brackets), kept as digits and single spaces', () => {
    const phone = (phoneNumber: string) => profileUpdatePayload.safeParse({ name: 'Lucy Bennett', phoneNumber, dob: null, country: 'US', timezone: 'America/Chicago' });
    expect(phone('+1 312-555-0100').data?.phoneNumber).toBe('+1 312 555 0100');
    expect(phone('+1 (312) 555 0100').data?.phoneNumber).toBe('+1 312 555 0100');
    expect(phone('+1.312.555.0100').data?.phoneNumber).toBe('+1 312 555 0100');
    expect(phone(' +91  98765 43210 ').data?.phoneNumber).toBe('+91 98765 43210');
    for (const bad of ['12345', '+1 312 555 0100 99999', '312-CALL-NOW', '1+312 555 0100', '--- ---']) {
      expect(messagesFor(phone(bad), 'phoneNumber'), bad).toEqual(['Enter a valid phone number']);
    }
  });

  it('counts a name’s length without the spaces around it, which are not kept', () => {
    const kid = `  ${'a'.repeat(60)}  `;
    expect(newKidPayload.parse({ name: kid }).name).toBe('a'.repeat(60));
    expect(messagesFor(newKidPayload.safeParse({ name: `${kid}a` }), 'name')).toEqual(['Use at most 60 characters']);
    expect(signupPayload.parse({ name: ` ${'R'.repeat(80)} `, email: 'a@example.com', password: 'correct horse', country: 'IN', timezone: 'Asia/Kolkata' }).name).toBe('R'.repeat(80));
  });
});

describe('email addresses', () => {
  const refusal = (email: string) => emailSchema.safeParse(email).error?.issues[0]?.message;

  it('take up to 254 characters with up to 64 before the @, trimmed and in lower case', () => {
    const local = 'a'.repeat(64);
    const longest = `${local}@${'b'.repeat(EMAIL_MAX - local.length - 6)}.test`;
    expect(longest).toHaveLength(EMAIL_MAX);
    expect(emailSchema.parse(` ${longest.toUpperCase()} `)).toBe(longest);
    expect(refusal(`${local}@${'b'.repeat(EMAIL_MAX - local.length - 5)}.test`)).toBe('An email address is at most 254 characters');
    expect(refusal(`a${local}@parley.test`)).toBe('Enter a valid email address');
    // Left empty, the field is asked for rather than called invalid.
    expect(refusal('   ')).toBe('Enter your email');
    expect(refusal(`${'a'.repeat(900_000)}@example.com`)).toBe('An email address is at most 254 characters');
  });
});

describe('timeZoneSchema', () => {
  it('keeps a zone by its current IANA name, and refuses an unknown one', () => {
    expect(timeZoneSchema.parse('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(timeZoneSchema.parse('Europe/London')).toBe('Europe/London');
    expect(timeZoneSchema.safeParse('Mars/Base').success).toBe(false);
  });
});

describe('dates of birth', () => {
  afterEach(() => vi.useRealTimers());
  const profileDob = (dob: string) => messagesFor(profileUpdatePayload.safeParse({ name: 'Ro', phoneNumber: null, dob, country: 'IN', timezone: 'Asia/Kolkata' }), 'dob');
  const kidDob = (dob: string) => messagesFor(newKidPayload.safeParse({ name: 'Zoya', dob }), 'dob');

  it('refuses a date after today wherever the person is (UTC+14 reaches a date first), for the profile and a kid', () => {
    // 11:00 UTC on 28 November: already 29 November from UTC+13 on, 30 November nowhere.
    vi.useFakeTimers({ now: new Date(Date.UTC(2026, 10, 28, 11)) });
    for (const dob of ['2026-11-28', '2026-11-29', '2010-02-28']) expect(profileDob(dob)).toEqual([]);
    // A kid is a child of 2 to 17 (kids.test.ts): a date this week is a date of birth, but no kid's.
    expect(kidDob('2010-02-28')).toEqual([]);
    expect(profileDob('2026-11-30')).toEqual(['A date of birth can’t be in the future']);
    expect(kidDob('2035-01-01')).toEqual(['A date of birth can’t be in the future']);
    expect(kidDob('2026-02-30')).toEqual(['Enter a valid date of birth']);
  });

  it('refuses a date more than 120 years ago, for the profile and a kid', () => {
    vi.useFakeTimers({ now: new Date(Date.UTC(2026, 10, 28, 11)) });
    expect(DATE_OF_BIRTH_MAX_AGE_YEARS).toBe(120);
    // Still 27 November in UTC−12: someone born on 27 November 1906 is 120 there.
    for (const dob of ['1906-11-27', '1950-06-15']) {
      expect(profileDob(dob)).toEqual([]);
      expect(kidDob(dob)).toEqual([kidAgeRangeText]);
    }
    for (const dob of ['1906-11-26', '1800-01-01', '0001-01-01']) {
      expect(profileDob(dob)).toEqual(['Enter a date of birth within the last 120 years']);
      expect(kidDob(dob)).toEqual(['Enter a date of birth within the last 120 years']);
    }
  });
});

describe('new passwords', () => {
  const problem = (password: string) => {
    const parsed = passwordSchema.safeParse(password);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('take 8 to 128 characters, not counting spaces around them', () => {
    expect(problem('seven77')).toBe('Password must be at least 8 characters');
    expect(problem('x'.repeat(129))).toBe('Password must be at most 128 characters');
    expect(problem(' '.repeat(8))).toBe('Password must have at least 8 characters besides spaces');
    expect(problem('  abcdef  ')).toBe('Password must have at least 8 characters besides spaces');
    expect(problem('correct horse battery')).toBeNull();
    expect(problem('Parley@2026')).toBeNull();
  });

  it('refuse the first ones guessed, in any case, and one character repeated', () => {
    for (const guessed of ['password', 'PASSWORD1', '12345678', 'qwertyuiop', 'iloveyou', 'aaaaaaaa', '11111111']) {
      expect(problem(guessed), guessed).toBe('This password is one of the first ones guessed. Choose another.');
    }
    expect(isEasilyGuessed('password-for-parley')).toBe(false);
  });
});

describe('affiliate applications', () => {
  const application = { name: 'Irfan Khan', email: 'Irfan@Example.com', password: 'correct horse', country: 'IN', timezone: 'Asia/Kolkata', channel: ' https://youtube.com/@irfan ', audience: 'About 40,000 people learning English for work.' };
  const problem = (change: Partial<typeof application>) => affiliateSignupPayload.safeParse({ ...application, ...change }).error?.issues[0]?.message;

  it('takes a channel of up to 300 characters and an audience of 20 to 1,000', () => {
    expect([AFFILIATE_CHANNEL_MAX, AFFILIATE_AUDIENCE_MIN, AFFILIATE_AUDIENCE_MAX]).toEqual([300, 20, 1000]);
    expect(affiliateSignupPayload.parse(application)).toMatchObject({ email: 'irfan@example.com', channel: 'https://youtube.com/@irfan' });
    expect(problem({ channel: `https://example.com/${'a'.repeat(300 - 20)}` })).toBeUndefined();
    expect(problem({ channel: `https://example.com/${'a'.repeat(300 - 19)}` })).toBe('Use at most 300 characters');
    expect(problem({ audience: 'a'.repeat(20) })).toBeUndefined();
    expect(problem({ audience: ` ${'a'.repeat(19)} ` })).toBe('Tell us about your audience in at least 20 characters');
    expect(problem({ audience: 'a'.repeat(1001) })).toBe('Use at most 1000 characters');
  });

  it('asks for a channel, and takes only a web address people can follow', () => {
    expect(problem({ channel: '  ' })).toBe('Enter the web address where you will share Parley');
    for (const channel of ['youtube.com/@irfan', 'javascript:alert(1)', 'ftp://example.com/x']) {
      expect(problem({ channel })).toBe('Enter a web address starting with https://');
    }
  });
});
