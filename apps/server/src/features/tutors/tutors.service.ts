import { avatarPath } from '@parley/domain/avatar';
import type { ScheduleResponse, TeacherCard } from '@parley/domain/booking';
import { BoundedMap } from '@parley/domain/bounded-map';
import { teaches } from '@parley/domain/kids';
import { hasSlotOn, nextFreeDate, slotsOn, type FreeStarts } from '@parley/domain/slots';
import { mentorScore } from '@parley/domain/tutor-display';
import { isoDateInZone, MINUTES_PER_DAY, wallTimeConverter } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import type { Db } from '../../db/client';
import { classDurationFor, findTutor, listTutors as listTutorRows, tutorFreeStarts, type ScheduleInput, type TutorRow, type TutorSnapshot } from '../schedule/schedule.service';
import * as repo from './tutors.repository';

/** Tutors for a subject (a kid's: those who teach it to kids), best mentor score first. */
export async function listTutors(ctx: AppContext, viewer: { userId: string; role: string }, subject: string | undefined) {
  const forKids = viewer.role === 'kid';
  const [rows, favourites, ratios] = await Promise.all([
    listTutorRows(ctx.db),
    ctx.favouritesCache.get(viewer.userId),
    repo.cancellationRatios(ctx.db),
  ]);
  const cards = rows
    .filter((row) => !row.isBlocked && (!subject || teaches(row.subjects, subject, forKids)))
    .map((row) => toCard(row, favourites.has(row.id), ratios.get(row.id) ?? 0));
  return { items: cards.sort((a, b) => b.mentorScore - a.mentorScore) };
}

/**
 * A tutor's schedule for one viewer-local date. It is the hottest read of the app (every date a
 * learner taps), so one answer object is built per tutor snapshot, query and minute (see
 * computedSchedules) and the route serializes each object once.
 */
export async function tutorSchedule(
  ctx: AppContext,
  viewerId: string,
  query: { tutorId: string; date: string; timezone: string; subject: string; forKids: boolean },
): Promise<ScheduleResponse> {
  const now = ctx.now();
  const [tutor, durationMin, favourites] = await Promise.all([
    ctx.tutorCache.get(query.tutorId),
    classDurationFor(ctx.db, { learnerId: viewerId, forKids: query.forKids }, query.subject, { isChatBooking: false, now }),
    ctx.favouritesCache.get(viewerId),
  ]);
  if (!tutor) throw notFound('Tutor not found');
  const isFavourite = favourites.has(tutor.profile.id);
  if (!teaches(tutor.profile.subjects, query.subject, query.forKids)) return notTaught(tutor.profile, isFavourite, durationMin);
  const input = { date: query.date, viewerTimeZone: query.timezone, durationMin, now };
  return memoized(tutor, now, `${query.date}|${query.timezone}|${durationMin}|${isFavourite}`, (memo) => {
    const row = tutor.profile;
    return {
      teacher: (memo.cards[Number(isFavourite)] ??= toCard(row, isFavourite, 0)),
      ratingCount: row.ratingCount,
      isBlocked: row.isBlocked,
      ...computeDaySchedule(tutor, input, memo),
      durationMin,
    };
  });
}

/** A subject the tutor does not teach has no slots (booking refuses it too); the tab says so from the card's subjects. */
function notTaught(row: TutorRow, isFavourite: boolean, durationMin: number): ScheduleResponse {
  return { teacher: toCard(row, isFavourite, 0), ratingCount: row.ratingCount, isBlocked: row.isBlocked, isTeacherAvailableToday: false, bookedTimings: [], timeslot: [], slots: [], durationMin, nextFreeDate: null };
}

/**
 * Schedules built from one tutor snapshot, kept for the minute they were built in (the 2-hour
 * lead time moves with the clock; booking re-checks the exact instant). A booking or an
 * availability change replaces the snapshot, which starts with nothing built. Each snapshot keeps
 * at most SCHEDULES_PER_SNAPSHOT answers (dates × zones × lengths × favourite can be many within a
 * minute), the oldest going first; the snapshots themselves are bounded by the tutor cache.
 */
type ScheduleMemo = {
  minute: number;
  byQuery: BoundedMap<string, ScheduleResponse>;
  /** The tutor's free starts over the window, by class length: every date and zone is cut from them. */
  freeStarts: BoundedMap<number, FreeStarts>;
  /** The teacher card, as a viewer who has not (0) and who has (1) marked the tutor favourite: one object for all answers. */
  cards: [TeacherCard?, TeacherCard?];
};
const computedSchedules = new WeakMap<TutorSnapshot, ScheduleMemo>();
export const SCHEDULES_PER_SNAPSHOT = 256;
/** Class lengths come from the subjects and the plans' class durations: a handful, so this bound only guards. */
export const CLASS_LENGTHS_PER_SNAPSHOT = 16;

function memoized(tutor: TutorSnapshot, now: Date, key: string, build: (memo: ScheduleMemo) => ScheduleResponse): ScheduleResponse {
  const minute = Math.floor(now.getTime() / 60_000);
  let memo = computedSchedules.get(tutor);
  if (!memo || memo.minute !== minute) {
    memo = { minute, byQuery: new BoundedMap(SCHEDULES_PER_SNAPSHOT), freeStarts: new BoundedMap(CLASS_LENGTHS_PER_SNAPSHOT), cards: [] };
    computedSchedules.set(tutor, memo);
  }
  let schedule = memo.byQuery.get(key);
  if (!schedule) {
    schedule = build(memo);
    memo.byQuery.set(key, schedule);
  }
  return schedule;
}

/** How many schedule answers are kept for this snapshot now (for the bound's test). */
export const keptScheduleCount = (tutor: TutorSnapshot): number => computedSchedules.get(tutor)?.byQuery.size ?? 0;
/** How many class lengths' free starts are kept for this snapshot now (for the bound's test). */
export const keptClassLengthCount = (tutor: TutorSnapshot): number => computedSchedules.get(tutor)?.freeStarts.size ?? 0;

type DaySchedule = Pick<ScheduleResponse, 'isTeacherAvailableToday' | 'bookedTimings' | 'timeslot' | 'slots' | 'nextFreeDate'>;

function computeDaySchedule(tutor: TutorSnapshot, input: ScheduleInput, memo: ScheduleMemo): DaySchedule {
  const { date, viewerTimeZone, durationMin, now } = input;
  let free = memo.freeStarts.get(durationMin);
  if (!free) {
    free = tutorFreeStarts(tutor, durationMin, now);
    memo.freeStarts.set(durationMin, free);
  }
  const query = { date, viewerTimeZone, now };
  const slots = slotsOn(free, query);
  const today = isoDateInZone(now, viewerTimeZone);
  const availableToday = date === today ? slots.length > 0 : hasSlotOn(free, { ...query, date: today });
  const wallTime = wallTimeConverter(date, viewerTimeZone);
  const dayStart = new Date(wallTime(0));
  const dayEnd = new Date(wallTime(MINUTES_PER_DAY));
  const timeFormat = timeFormatIn(viewerTimeZone);
  return {
    isTeacherAvailableToday: availableToday,
    bookedTimings: tutor.booked
      .filter((b) => b.startAt < dayEnd && b.endAt > dayStart)
      .map((b) => `${timeFormat.format(b.startAt)} - ${timeFormat.format(b.endAt)}`),
    timeslot: slots.map((s) => s.timeView),
    slots: slots.map((s) => ({ startAt: isoInstant(s.startAt), endAt: isoInstant(s.endAt), start: s.start, end: s.end, timeView: s.timeView })),
    nextFreeDate: slots.length > 0 || tutor.profile.isBlocked ? null : nextFreeDate(free, query),
  };
}

/** Slot instants as ISO strings: every zone's schedule repeats the same few thousand, so each is written once. */
const isoInstants = new BoundedMap<number, string>(20_000);
function isoInstant(instant: Date): string {
  const ms = instant.getTime();
  return isoInstants.get(ms) ?? isoInstants.remember(ms, instant.toISOString());
}

/** Bounded by the zones timeZoneSchema admits (canonical IANA names, a few hundred). */
const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** '6:00 PM' in a zone; formatters are costly to build, so one is kept per zone. */
function timeFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone });
    timeFormats.set(timeZone, format);
  }
  return format;
}

export async function tutorReviews(ctx: AppContext, tutorId: string) {
  if (!(await findTutor(ctx.db, tutorId))) throw notFound('Tutor not found');
  return { reviews: await repo.listReviews(ctx.db, tutorId) };
}

export async function setFavouriteTutor(ctx: AppContext, viewerId: string, tutorId: string, favourite: boolean) {
  if (!(await findTutor(ctx.db, tutorId))) throw notFound('Tutor not found');
  await repo.setFavourite(ctx.db, viewerId, tutorId, favourite);
  await ctx.favouritesCache.invalidate(viewerId);
  return { isFavourite: favourite };
}

function toCard(row: TutorRow, isFavourite: boolean, ratio: number): TeacherCard {
  return {
    _id: row.id,
    name: row.name,
    image: avatarPath(row.id),
    rating: row.rating,
    ratingCount: row.ratingCount,
    tags: row.tags,
    description: row.bio,
    subjects: row.subjects,
    timezone: row.timezone,
    isBlocked: row.isBlocked,
    isSalesPerson: row.isSalesPerson,
    isFavourite,
    mentorScore: Math.round(mentorScore({ rating: row.rating, ratingCount: row.ratingCount, ratio }) * 10) / 10,
  };
}

/** The ids of the tutors a viewer marked favourite (what the favourites cache loads). */
export const favouriteTutorIds = (db: Db, viewerId: string) => repo.favouriteTutorIds(db, viewerId);
