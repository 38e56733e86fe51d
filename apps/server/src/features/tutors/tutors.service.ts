import type { ScheduleResponse, TeacherCard } from '@parley/domain/booking';
import { mentorScore } from '@parley/domain/tutor-display';
import { addDaysToIsoDate, isoDateInZone, zonedWallTimeToInstant } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import { classDurationFor, tutorSlots } from '../../shared/schedule';
import { findTeacher, listTeachers, type TeacherRow } from '../../shared/tutor-cache';
import * as repo from './tutors.repository';

/** Tutors for a subject, best mentor score first (spec §9). */
export async function listTutors(ctx: AppContext, viewerId: string, subject: string | undefined) {
  const [rows, favourites, ratios] = await Promise.all([
    listTeachers(ctx.db),
    ctx.favouritesCache.get(viewerId),
    repo.cancellationRatios(ctx.db),
  ]);
  const cards = rows
    .filter((row) => !row.isBlocked && (!subject || row.subjects.includes(subject)))
    .map((row) => toCard(row, favourites.has(row.id), ratios.get(row.id) ?? 0));
  return { items: cards.sort((a, b) => b.mentorScore - a.mentorScore) };
}

export async function tutorSchedule(
  ctx: AppContext,
  viewerId: string,
  query: { teacherId: string; date: string; timezone: string; subject: string; forKids: boolean },
): Promise<ScheduleResponse> {
  const now = ctx.now();
  const [tutor, durationMin, favourites] = await Promise.all([
    ctx.tutorCache.get(query.teacherId),
    classDurationFor(ctx.db, viewerId, query.subject, query.forKids, false, now),
    ctx.favouritesCache.get(viewerId),
  ]);
  if (!tutor) throw notFound('Tutor not found');
  const base = { viewerTimeZone: query.timezone, durationMin, now };
  const today = isoDateInZone(now, query.timezone);
  const slots = tutorSlots(tutor, { ...base, date: query.date });
  const todays = query.date === today ? slots : tutorSlots(tutor, { ...base, date: today });
  const dayStart = zonedWallTimeToInstant(query.date, 0, query.timezone);
  const dayEnd = zonedWallTimeToInstant(addDaysToIsoDate(query.date, 1), 0, query.timezone);
  const bookedThatDay = tutor.booked.filter((b) => b.startAt < dayEnd && b.endAt > dayStart);
  const timeFormat = timeFormatIn(query.timezone);
  const row = tutor.teacher;
  return {
    teacher: toCard(row, favourites.has(row.id), 0),
    ratingCount: row.ratingCount,
    isBlocked: row.isBlocked,
    isTeacherAvailableToday: todays.length > 0,
    bookedTimings: bookedThatDay.map((b) => `${timeFormat.format(b.startAt)} - ${timeFormat.format(b.endAt)}`),
    timeslot: slots.map((s) => s.timeView),
    slots: slots.map((s) => ({ startAt: s.startAt.toISOString(), endAt: s.endAt.toISOString(), start: s.start, end: s.end, timeView: s.timeView })),
    durationMin,
  };
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** '06:00 PM' in a zone; formatters are costly to build, so one is kept per zone. */
function timeFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone });
    timeFormats.set(timeZone, format);
  }
  return format;
}

export async function tutorReviews(ctx: AppContext, teacherId: string) {
  if (!(await findTeacher(ctx.db, teacherId))) throw notFound('Tutor not found');
  return { reviews: await repo.listReviews(ctx.db, teacherId) };
}

export async function setFavouriteTutor(ctx: AppContext, viewerId: string, teacherId: string, favourite: boolean) {
  if (!(await findTeacher(ctx.db, teacherId))) throw notFound('Tutor not found');
  await repo.setFavourite(ctx.db, viewerId, teacherId, favourite);
  await ctx.favouritesCache.invalidate(viewerId);
  return { isFavourite: favourite };
}

function toCard(row: TeacherRow, isFavourite: boolean, ratio: number): TeacherCard {
  return {
    _id: row.id,
    name: row.name,
    image: `/api/assets/avatar/${row.id}.svg`,
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
