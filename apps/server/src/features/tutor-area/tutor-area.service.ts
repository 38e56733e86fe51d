import type { AvailabilityPayload, AvailabilityResponse } from '@parley/domain/booking';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import { listTutorPastSessions, listTutorUpcomingSessions } from '../booking/booking.service';
import * as repo from './tutor-area.repository';

/** The tutor's weekly hours, in the tutor's own timezone, and days off. */
export async function availabilityOf(ctx: AppContext, tutorId: string): Promise<AvailabilityResponse> {
  const [timezone, availability] = await Promise.all([repo.findTimezone(ctx.db, tutorId), repo.loadAvailability(ctx.db, tutorId)]);
  if (timezone === undefined) throw notFound('Tutor not found');
  return { timezone, ...availability };
}

/** Saves the whole week at once; every node's schedule for this tutor is rebuilt from it. */
export async function saveAvailability(ctx: AppContext, tutorId: string, input: AvailabilityPayload): Promise<AvailabilityResponse> {
  await repo.replaceAvailability(ctx.db, tutorId, input);
  await ctx.tutorCache.invalidate(tutorId);
  return availabilityOf(ctx, tutorId);
}

/** Upcoming sessions soonest first, or past ones latest first with their attendance outcome and minutes. */
export const tutorSessions = (ctx: AppContext, tutorId: string, query: { page: number; limit: number; when: 'upcoming' | 'past' }) =>
  query.when === 'past' ? listTutorPastSessions(ctx, tutorId, query) : listTutorUpcomingSessions(ctx, tutorId, query);
