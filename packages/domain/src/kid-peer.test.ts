import { describe, expect, it } from 'vitest';
import {
  KID_PEER_AGE_BANDS,
  KID_PEER_MAX_AGE,
  KID_PEER_MIN_AGE,
  kidAgeAt,
  kidAgeOn,
  kidPeerAgeBand,
  kidPeerMinutesPayload,
  kidPeerProfilePayload,
  kidPeerRefusal,
  kidPeerSlotPayload,
  kidPeerTexts,
  kidsMayPractiseTogether,
  minutesToGiveProblem,
} from './kid-peer';

describe('kids peer practice: age', () => {
  it('counts whole years, the birthday included', () => {
    expect(kidAgeOn('2020-03-04', '2030-03-03')).toBe(9);
    expect(kidAgeOn('2020-03-04', '2030-03-04')).toBe(10);
    expect(kidAgeOn('2020-02-29', '2030-02-28')).toBe(9);
    expect(kidAgeOn('2020-02-29', '2030-03-01')).toBe(10);
  });

  it('counts the birthday from midnight on the kid’s own calendar', () => {
    // 20:00 UTC on 29 November is already 30 November (01:30) in Kolkata, and still the 29th in New York.
    const at = new Date('2026-11-29T20:00:00Z');
    expect(kidAgeAt('2016-11-30', at, 'Asia/Kolkata')).toBe(10);
    expect(kidAgeAt('2016-11-30', at, 'UTC')).toBe(9);
    expect(kidAgeAt('2016-11-29', new Date('2026-11-29T03:00:00Z'), 'America/New_York')).toBe(9);
  });

  it('puts kids of 6 to 17 in bands of three years; younger or older kids have none', () => {
    expect([KID_PEER_MIN_AGE, KID_PEER_MAX_AGE]).toEqual([6, 17]);
    expect(KID_PEER_AGE_BANDS.map((b) => b.label)).toEqual(['6–8', '9–11', '12–14', '15–17']);
    expect(kidPeerAgeBand(5)).toBeNull();
    expect(kidPeerAgeBand(6)?.label).toBe('6–8');
    expect(kidPeerAgeBand(8)?.label).toBe('6–8');
    expect(kidPeerAgeBand(9)?.label).toBe('9–11');
    expect(kidPeerAgeBand(17)?.label).toBe('15–17');
    expect(kidPeerAgeBand(18)).toBeNull();
  });
});

describe('kids peer practice: who practises with whom', () => {
  it('only kids of one age band, at most one level apart', () => {
    expect(kidsMayPractiseTogether({ age: 9, level: 'A1' }, { age: 11, level: 'A2' })).toBe(true);
    expect(kidsMayPractiseTogether({ age: 8, level: 'A1' }, { age: 9, level: 'A1' })).toBe(false);
    expect(kidsMayPractiseTogether({ age: 10, level: 'A1' }, { age: 10, level: 'B1' })).toBe(false);
    expect(kidsMayPractiseTogether({ age: 5, level: 'A1' }, { age: 5, level: 'A1' })).toBe(false);
  });

  it('needs the parent’s consent, a birth date in the bands and a level, in that order', () => {
    expect(kidPeerRefusal({ consent: false, age: 10, hasProfile: true })).toBe(kidPeerTexts.noConsent);
    expect(kidPeerRefusal({ consent: true, age: null, hasProfile: true })).toBe(kidPeerTexts.noBirthDate);
    expect(kidPeerRefusal({ consent: true, age: 4, hasProfile: true })).toBe(kidPeerTexts.outsideAges);
    expect(kidPeerRefusal({ consent: true, age: 10, hasProfile: false })).toBe(kidPeerTexts.noLevel);
    expect(kidPeerRefusal({ consent: true, age: 10, hasProfile: true })).toBeNull();
  });

  it('a kid’s practice time is audio only unless the parent chooses video', () => {
    expect(kidPeerSlotPayload.parse({ startAt: '2030-03-04T10:15:00.000Z', lengthMin: 15 }).mode).toBe('audio');
    expect(kidPeerSlotPayload.parse({ startAt: '2030-03-04T10:15:00.000Z', lengthMin: 15, mode: 'video' }).mode).toBe('video');
  });
});

describe('kids peer practice: minutes', () => {
  it('a parent gives a kid whole minutes, at least one', () => {
    const requestKey = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(kidPeerMinutesPayload.safeParse({ minutes: 30, requestKey }).success).toBe(true);
    expect(kidPeerMinutesPayload.safeParse({ minutes: 0, requestKey }).success).toBe(false);
    expect(kidPeerMinutesPayload.safeParse({ minutes: 2.5, requestKey }).success).toBe(false);
    // The key names one gift: without it a repeat could not be told from a new one.
    expect(kidPeerMinutesPayload.safeParse({ minutes: 30 }).success).toBe(false);
  });
});

describe('kids peer practice: the speaking level form', () => {
  const problems = (input: unknown) => {
    const parsed = kidPeerProfilePayload.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  };

  it('asks for a level and a first language of at least 2 characters, as the adult peer profile does', () => {
    expect(problems({ level: '', firstLanguage: ' H ' })).toEqual({ level: 'Choose a level', firstLanguage: 'Write the language’s name' });
    expect(problems({ level: 'A2', firstLanguage: 'Hi' })).toEqual({});
    expect(problems({ level: 'A2', firstLanguage: 'x'.repeat(41) })).toHaveProperty('firstLanguage');
  });
});

describe('minutes a parent gives a kid', () => {
  it('are a whole number from 1 to what the parent has', () => {
    expect(minutesToGiveProblem(20, 200)).toBeNull();
    expect(minutesToGiveProblem(200, 200)).toBeNull();
    for (const bad of [0, -5, 2.5, Number.NaN]) expect(minutesToGiveProblem(bad, 200), String(bad)).toBe('Enter the minutes to give, from 1 to 200.');
    expect(minutesToGiveProblem(201, 200)).toBe('You have 200 peer minutes to give. Buy a kids peer plan for more.');
    expect(minutesToGiveProblem(2, 1)).toBe('You have 1 peer minute to give. Buy a kids peer plan for more.');
  });
});
