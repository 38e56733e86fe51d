import { z } from 'zod';
import { dateOfBirth, earliestDateOfBirth, personName, todayAnywhere } from './auth';
import { kidAgeOn } from './kid-peer';
import { messages } from './messages';
import { isIsoDate } from './zoned-time';

export const kidAvatars = ['lion', 'owl', 'panda', 'fox', 'rabbit', 'turtle'] as const;

/** A kid profile is for a child: their age, on some calendar on Earth today, in this range. */
export const KID_AGE_MIN_YEARS = 2;
export const KID_AGE_MAX_YEARS = 17;
export const kidAgeRangeText = `A kid profile is for a child aged ${KID_AGE_MIN_YEARS} to ${KID_AGE_MAX_YEARS}. Check the date of birth.`;

/** A date of birth's own rules, then a kid's age: a date those rules refuse (no date, the future, over 120 years) is theirs to name. */
const kidDateOfBirth = () =>
  dateOfBirth().refine(
    (dob) => {
      if (!isIsoDate(dob)) return true;
      const today = todayAnywhere();
      if (dob > today.first || dob < earliestDateOfBirth()) return true;
      return kidAgeOn(dob, today.first) >= KID_AGE_MIN_YEARS && kidAgeOn(dob, today.last) <= KID_AGE_MAX_YEARS;
    },
    { message: kidAgeRangeText },
  );

export const newKidPayload = z.object({
  name: personName(60, 'Enter the kid’s name', 'A kid’s name needs at least 2 letters'),
  avatar: z.enum(kidAvatars).default('owl'),
  dob: kidDateOfBirth().nullable().default(null),
});
export type NewKidPayload = z.infer<typeof newKidPayload>;

export const kidIdPayload = z.object({ learnerId: z.uuid() });

/** The kid a parent's account route acts on (`/api/learner/kids/:kidId/…`). */
export const kidIdParams = z.object({ kidId: z.uuid() });

/** Editing a kid's profile: the name and date-of-birth rules of adding one; a null date clears it. */
export const editKidPayload = z.object({ name: newKidPayload.shape.name, dob: kidDateOfBirth().nullable() });
export type EditKidPayload = z.infer<typeof editKidPayload>;

/** What saving a kid's profile says: a rename as such, anything else as a saved profile, and any practice times it withdrew. */
export function kidEditedText(before: EditKidPayload, after: EditKidPayload, withdrewPractice: boolean): string {
  const renamedOnly = before.name !== after.name && before.dob === after.dob && !withdrewPractice;
  const saved = renamedOnly ? `Renamed to ${after.name}` : `${after.name}’s profile is saved.`;
  return withdrewPractice ? `${saved} Their upcoming practice times were cancelled: kids practise only with kids of a similar age.` : saved;
}

/** Two of a parent's kids may not share a name (however written): the parent tells them apart by it. */
const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();
export const sameKidName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);
export const kidNameTaken = (name: string): string => `You already have a kid called ${name}.`;

/**
 * What keeps a kid profile from being removed: history that money, a tutor or another kid relies
 * on. A profile with none of it (a typo, a test) may go, freeing its place among the three.
 */
export const kidProfileTies = ['sessions', 'purchases', 'peer practice', 'chats'] as const;
export type KidProfileTie = (typeof kidProfileTies)[number];

const listed = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** Why a kid profile stays, naming what holds it (or, when the database alone refused, its history). */
export function kidRemovalRefusal(kidName: string, ties: readonly KidProfileTie[]): string {
  const held = ties.length ? listed(kidProfileTies.filter((tie) => ties.includes(tie))) : 'history on the profile';
  return `${kidName} has ${held}, so the profile stays. Contact support to close it.`;
}

export const kidSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string(),
  dob: z.string().nullable(),
  isDemoPayed: z.boolean(),
  demoSessionBooked: z.array(z.object({ subjects: z.array(z.string()) })),
});
export type KidSummary = z.infer<typeof kidSummarySchema>;

export const editedKidResponse = z.object({ kid: kidSummarySchema, message: z.string() });
export type EditedKidResponse = z.infer<typeof editedKidResponse>;

export const removedKidResponse = z.object({ kidId: z.string(), message: z.string() });
export type RemovedKidResponse = z.infer<typeof removedKidResponse>;

/** The kids' subjects, with their route slugs. */
export const kidSubjects = [
  { slug: 'english', subject: 'English', label: 'English' },
  { slug: 'financial-education', subject: 'Financial Education', label: 'Financial Education' },
] as const;
export type KidSubject = (typeof kidSubjects)[number]['subject'];

/** A URL's subject for kids, in any case, as slug or name ('English', 'english', 'Financial Education', 'financial-education'). */
export function kidSubjectFromParam(param: string | null | undefined): (typeof kidSubjects)[number] | undefined {
  const key = (param ?? '').trim().toLowerCase().replace(/[\s_]+/g, '-');
  return kidSubjects.find((s) => s.slug === key);
}

/** The plan subject that sells kids' sessions in a kid subject (kids' English plans are not the adults' English plans). */
export const kidPlanSubject: Record<KidSubject, string> = { English: 'Kids English', 'Financial Education': 'Financial Education' };

/**
 * The plan subject whose plans cover a kid's subject, or undefined for a subject kids are not
 * taught: a kid books from the parent's live plan in it once the sessions bought for the kid are spent.
 */
export function kidPlanSubjectFor(subject: string): string | undefined {
  const kidSubject = kidSubjects.find((s) => s.subject === subject)?.subject;
  return kidSubject ? kidPlanSubject[kidSubject] : undefined;
}

/**
 * The subject a tutor must teach to take a session: kids' English is a subject of its own ('Kids
 * English', as its plans are), so an adults' English tutor is not offered to kids; financial
 * education is taught to kids only and keeps its name.
 */
export const tutorSubjectFor = (subject: string, forKids: boolean): string => (forKids ? (kidPlanSubjectFor(subject) ?? subject) : subject);

/** Whether a tutor with these subjects teaches kids (a kid chats with and books only such tutors). */
export const teachesKids = (subjects: readonly string[]): boolean => kidSubjects.some((kid) => subjects.includes(kidPlanSubject[kid.subject]));

/** Whether a tutor with these subjects takes a session in `subject` (a kid's: teaches it to kids). */
export const teaches = (tutorSubjects: readonly string[], subject: string, forKids: boolean): boolean => tutorSubjects.includes(tutorSubjectFor(subject, forKids));

/** Why a tutor does not take the session: a kid hears that the tutor teaches no kids, when so; otherwise the subject is named. */
export const notTaughtText = (tutor: { name: string; subjects: readonly string[] }, subject: string, forKids: boolean): string =>
  forKids && !teachesKids(tutor.subjects) ? messages.tutorDoesNotTeachKids(tutor.name) : messages.tutorDoesNotTeach(tutor.name, subject);

/**
 * Price of one regular kids' session. The spec gives only the demo price (149); a
 * regular session is priced here until plans carry per-session prices.
 */
export const KIDS_SESSION_PRICE_INR_MINOR = 29900;

export const kidSubjectBalanceSchema = z.object({ subject: z.string(), sessionsAvailable: z.number().int() });

/** The sessions a kid may book, per subject: those bought for the kid, and what the parent's covering plan has left this week. */
export const kidBalancesResponse = z.object({ subjects: z.array(kidSubjectBalanceSchema) });
