import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kidSubjectBalanceSchema } from '@parley/domain/kids';
import { buySessionsPayload, buySessionsResponse } from '@parley/domain/payments';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { authOf } from '../../http/auth';
import * as kids from './kids.service';

export const kidsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/buy-sessions',
    { onRequest: app.requireRole('learner'), schema: { tags: ['kids'], body: buySessionsPayload, response: { 200: buySessionsResponse } } },
    async (request) => kids.buyKidSessions(ctx, authOf(request).userId, request.body),
  );

  // spec §3 Purchased sessions data: a kid's sessionsAvailable per subject, for the kid or its parent.
  app.get(
    '/:kidId/subjects',
    {
      onRequest: app.requireRole('learner', 'kid'),
      schema: { tags: ['kids'], params: z.object({ kidId: z.uuid() }), response: { 200: z.object({ subjects: z.array(kidSubjectBalanceSchema) }) } },
    },
    async (request) => {
      const auth = authOf(request);
      const kidId = request.params.kidId;
      if (auth.role === 'kid' ? auth.userId !== kidId : !(await isParentOf(ctx, auth.userId, kidId))) throw notFound('Kid not found');
      return kids.kidBalances(ctx, kidId);
    },
  );
};

async function isParentOf(ctx: AppContext, parentId: string, kidId: string) {
  const [kid] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, kidId), eq(users.parentId, parentId)));
  return Boolean(kid);
}
