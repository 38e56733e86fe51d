import { createHash } from 'node:crypto';
import { avatarPath } from '@parley/domain/avatar';
import { PAST_DAY_OFF, type AvailabilityPayload, type AvailabilityResponse } from '@parley/domain/booking';
import { messages } from '@parley/domain/messages';
import type { TutorProfile, TutorProfilePayload } from '@parley/domain/tutor-profile';
import { isoDateInZone } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/app-error';
import { listTutorPastSessions, listTutorUpcomingSessions } from '../booking/booking.service';
import { tutorBlockOf } from '../moderation/moderation.service';
import * as repo from './tutor-area.repository';

/**
 * The tutor's weekly hours, in the tutor's own timezone, and days off; whether a moderator has
 * them blocked; and the days with booked sessions (a day off over one of them keeps its sessions:
 * the tutor cancels those).
 */
export async function availabilityOf(ctx: AppContext, tutorId: string): Promise<AvailabilityResponse> {
  const [timezone, availability, block] = await Promise.all([repo.findTimezone(ctx.db, tutorId), repo.loadAvailability(ctx.db, tutorId), tutorBlockOf(ctx.db, tutorId)]);
  if (timezone === undefined) throw notFound('Tutor not found');
  const bookedDays = await bookedDaysOf(ctx, tutorId, timezone);
  return { timezone, version: hoursVersion(availability), ...availability, block, bookedDays };
}

/** Names a saved week (read in weekday, time and date order): the same hours and days off give the same version. */
function hoursVersion({ ranges, daysOff }: { ranges: readonly { weekday: number; startMinute: number; endMinute: number }[]; daysOff: readonly string[] }): string {
  const week = JSON.stringify([ranges.map((r) => [r.weekday, r.startMinute, r.endMinute]), daysOff]);
  return createHash('sha256').update(week).digest('base64url').slice(0, 22);
}

/** How many booked sessions that have not ended start on each tutor-local date, soonest first. */
async function bookedDaysOf(ctx: AppContext, tutorId: string, timeZone: string): Promise<AvailabilityResponse['bookedDays']> {
  const counts = new Map<string, number>();
  for (const startAt of await repo.bookedSessionStarts(ctx.db, tutorId, ctx.now())) {
    const day = isoDateInZone(startAt, timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts].map(([day, sessions]) => ({ day, sessions }));
}

/**
 * Saves the whole week at once; every node's schedule for this tutor is rebuilt from it. A save that
 * names the version it was edited from is refused when the week has changed since (another tab saved).
 */
export async function saveAvailability(ctx: AppContext, tutorId: string, { version, ...week }: AvailabilityPayload): Promise<AvailabilityResponse> {
  await assertDaysOffAhead(ctx, tutorId, week.daysOff);
  const unchanged = version === undefined ? undefined : (saved: Parameters<typeof hoursVersion>[0]) => hoursVersion(saved) === version;
  if (!(await repo.replaceAvailability(ctx.db, tutorId, week, unchanged))) throw new AppError('HOURS_CHANGED', messages.hoursChanged);
  await ctx.tutorCache.invalidate(tutorId);
  return availabilityOf(ctx, tutorId);
}

/** The tutor's profile as they edit it; the picture is the avatar learners see. */
export async function profileOf(ctx: AppContext, tutorId: string): Promise<TutorProfile> {
  const row = await repo.findProfile(ctx.db, tutorId);
  if (!row) throw notFound('Tutor not found');
  return { ...row, image: avatarPath(tutorId) };
}

/**
 * Saves the bio, tags, country and time zone. Every node drops its copy of the tutor, so cards and
 * schedules show the new text, and the weekly hours are read in the new zone from now on.
 */
export async function saveProfile(ctx: AppContext, tutorId: string, input: TutorProfilePayload): Promise<TutorProfile> {
  await repo.saveProfile(ctx.db, tutorId, input);
  await ctx.tutorCache.invalidate(tutorId);
  return profileOf(ctx, tutorId);
}

/** Upcoming sessions soonest first, or past ones latest first with their attendance outcome and minutes. */
export const tutorSessions = (ctx: AppContext, tutorId: string, query: { page: number; limit: number; when: 'upcoming' | 'past' }) =>
  query.when === 'past' ? listTutorPastSessions(ctx, tutorId, query) : listTutorUpcomingSessions(ctx, tutorId, query);

/**
 * A new day off is today or later in the tutor's timezone (the editor says so on its field); one
 * saved while it was ahead stays in the list the editor sends back, so it is not refused.
 */
async function assertDaysOffAhead(ctx: AppContext, tutorId: string, daysOff: string[]) {
  const [timezone, saved] = await Promise.all([repo.findTimezone(ctx.db, tutorId), repo.loadAvailability(ctx.db, tutorId)]);
  if (timezone === undefined) throw notFound('Tutor not found');
  const today = isoDateInZone(ctx.now(), timezone);
  const kept = new Set(saved.daysOff);
  const fields = Object.fromEntries(daysOff.flatMap((day, i) => (day < today && !kept.has(day) ? [[`daysOff.${i}`, PAST_DAY_OFF]] : [])));
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', PAST_DAY_OFF, fields);
}
