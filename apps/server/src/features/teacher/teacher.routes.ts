import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityPayload, sessionItemSchema } from '@parley/domain/booking';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { authOf } from '../../http/auth';
import * as repo from './teacher.repository';

const availabilityResponse = z.object({
  timezone: z.string(),
  ranges: z.array(z.object({ weekday: z.number(), startMinute: z.number(), endMinute: z.number() })),
  daysOff: z.array(z.string()),
});

// The tutor area: weekly availability in the tutor's own timezone, and upcoming sessions.
export const teacherRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireRole('teacher'));

  const availabilityOf = async (teacherId: string) => {
    const [tutor] = await ctx.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, teacherId));
    return { timezone: tutor!.timezone, ...(await repo.loadAvailability(ctx.db, teacherId)) };
  };

  app.get('/availability', { schema: { tags: ['teacher'], response: { 200: availabilityResponse } } }, async (request) =>
    availabilityOf(authOf(request).userId),
  );

  app.put(
    '/availability',
    { schema: { tags: ['teacher'], body: availabilityPayload, response: { 200: availabilityResponse } } },
    async (request) => {
      const teacherId = authOf(request).userId;
      await repo.replaceAvailability(ctx.db, teacherId, request.body);
      await ctx.tutorCache.invalidate(teacherId);
      return availabilityOf(teacherId);
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['teacher'],
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: z.object({ items: z.array(sessionItemSchema), total: z.number().int() }) },
      },
    },
    async (request) => {
      const teacherId = authOf(request).userId;
      const { page, limit } = request.query;
      const { items, total } = await repo.upcomingSessions(ctx.db, teacherId, ctx.now(), limit, (page - 1) * limit);
      const [tutor] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, teacherId));
      return {
        total,
        items: items.map(({ session, learnerName }) => ({
          _id: session.id,
          subject: session.subject,
          type: session.type,
          status: session.status,
          startAt: session.startAt.toISOString(),
          endAt: session.endAt.toISOString(),
          forKids: session.forKids,
          teacher: { _id: teacherId, name: tutor!.name, image: `/api/assets/avatar/${teacherId}.svg` },
          learner: { _id: session.learnerId, name: learnerName },
        })),
      };
    },
  );
};
