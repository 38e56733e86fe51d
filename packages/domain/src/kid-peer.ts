import { z } from 'zod';
import { PEER_LEVELS, PEER_MAX_LEVEL_DISTANCE, peerCallModes, peerProfilePayload, type PeerLevel } from './peer';
import { peerSlotPayload, peerSlotSchema } from './peer-slots';
import { isoDateInZone } from './zoned-time';

// Kids peer practice: kids practise with kids (never adults) of a similar age and level, only
// with the parent's consent and only in scheduled times the parent published or booked (the
// parent's action is the approval), audio by default. Minutes come from the kids' peer plan the
// parent buys; the call, its charge, the report button and the moderators are the adults'.

export const KID_PEER_MIN_AGE = 6;
export const KID_PEER_MAX_AGE = 17;
/** Kids practise only within their own band of three years. */
export const KID_PEER_AGE_BANDS = [
  { label: '6–8', min: 6, max: 8 },
  { label: '9–11', min: 9, max: 11 },
  { label: '12–14', min: 12, max: 14 },
  { label: '15–17', min: 15, max: 17 },
] as const;
export type KidPeerAgeBand = (typeof KID_PEER_AGE_BANDS)[number];

/** Whole years between a birth date and a day (both YYYY-MM-DD); a 29 February birthday counts on 1 March. */
export function kidAgeOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** A kid's age at an instant: by the date on the kid's own calendar, so a birthday begins at their midnight, not at UTC's. */
export const kidAgeAt = (dob: string, now: Date, timeZone: string): number => kidAgeOn(dob, isoDateInZone(now, timeZone));

export function kidPeerAgeBand(age: number): KidPeerAgeBand | null {
  return KID_PEER_AGE_BANDS.find((band) => age >= band.min && age <= band.max) ?? null;
}

/** Two kids may practise together: the same age band, and levels at most one apart (as adults). */
export function kidsMayPractiseTogether(a: { age: number; level: PeerLevel }, b: { age: number; level: PeerLevel }): boolean {
  const band = kidPeerAgeBand(a.age);
  if (!band || band !== kidPeerAgeBand(b.age)) return false;
  return Math.abs(PEER_LEVELS.indexOf(a.level) - PEER_LEVELS.indexOf(b.level)) <= PEER_MAX_LEVEL_DISTANCE;
}

export const kidPeerTexts = {
  noConsent: 'Peer practice is off for this kid. Switch it on in the kid’s profile to let them practise with other kids.',
  noBirthDate: 'Add the kid’s birth date in their profile: kids practise only with kids of a similar age.',
  outsideAges: `Kids peer practice is for kids aged ${KID_PEER_MIN_AGE} to ${KID_PEER_MAX_AGE}.`,
  noLevel: 'Choose the kid’s speaking level in the kids peer profile first.',
  notYourKid: 'This kid is not on your account.',
  consentOn: 'Peer practice is on. Only times you publish or book for your kid are ever scheduled.',
  consentOff: 'Peer practice is off. Their upcoming practice times were cancelled.',
} as const;

/** Why a parent cannot give `minutes` of their `available` peer minutes to a kid, or null: a whole number from 1 to what they have. */
export function minutesToGiveProblem(minutes: number, available: number): string | null {
  if (!Number.isInteger(minutes) || minutes < 1) return `Enter the minutes to give, from 1 to ${available}.`;
  if (minutes > available) return `You have ${available} peer ${available === 1 ? 'minute' : 'minutes'} to give. Buy a kids peer plan for more.`;
  return null;
}

/** Why a kid cannot practise now, or null: consent first, then the birth date and its band, then a level. */
export function kidPeerRefusal(state: { consent: boolean; age: number | null; hasProfile: boolean }): string | null {
  if (!state.consent) return kidPeerTexts.noConsent;
  if (state.age === null) return kidPeerTexts.noBirthDate;
  if (!kidPeerAgeBand(state.age)) return kidPeerTexts.outsideAges;
  if (!state.hasProfile) return kidPeerTexts.noLevel;
  return null;
}

// ---- The wire contract (the parent's kid-peer pages) ----------------------------------------------

/** A kid's practice time: audio only unless the parent chooses video. */
export const kidPeerSlotPayload = peerSlotPayload.extend({ mode: z.enum(peerCallModes).default('audio') });

/** PUT /api/learner/kids/:kidId/peer-consent (the parent's kid profile). */
export const kidPeerConsentPayload = z.object({ consent: z.boolean() });

/** PUT /api/kid-peer/kids/:kidId/profile: the kid's speaking level and first language. */
export const kidPeerProfilePayload = z.object({
  level: z.enum(PEER_LEVELS, { message: 'Choose a level' }),
  // The adult peer profile's rule, and its words.
  firstLanguage: peerProfilePayload.shape.firstLanguage,
});

/** GET /api/kid-peer/kids: each of the parent's kids and where they stand. */
export const kidPeerKidSchema = z.object({
  kidId: z.string(),
  name: z.string(),
  consent: z.boolean(),
  age: z.number().int().nullable(),
  ageBand: z.string().nullable(),
  level: z.enum(PEER_LEVELS).nullable(),
  firstLanguage: z.string().nullable(),
  availableMinutes: z.number().int().min(0),
  /** Why the kid cannot practise now (null: they can). */
  refusal: z.string().nullable(),
  suspension: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type KidPeerKid = z.infer<typeof kidPeerKidSchema>;
export const kidPeerKidsResponse = z.object({ kids: z.array(kidPeerKidSchema) });

/**
 * POST /api/kid-peer/kids/:kidId/minutes: the parent gives some of their peer minutes to a kid.
 * The request key names this one gift: sent again, it moves the minutes once.
 */
export const kidPeerMinutesPayload = z.object({ minutes: z.number().int().min(1).max(10_000), requestKey: z.uuid() });
export type KidPeerMinutesPayload = z.infer<typeof kidPeerMinutesPayload>;

/**
 * GET /api/kid-peer/practice, in the kid's own session: whether their parent switched peer
 * practice on, and their next practice time (the one under way, or the soonest; null: none).
 */
export const kidPeerPracticeResponse = z.object({ consent: z.boolean(), next: peerSlotSchema.nullable() });
export type KidPeerPractice = z.infer<typeof kidPeerPracticeResponse>;
