import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdatePayload } from '@parley/domain/auth';
import { userRecordSchema } from '@parley/domain/user';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as learner from './learner.service';

// The signed-in learner's own profile. (The kid profiles under /api/learner are the kids feature's.)
export const learnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/profile',
    { onRequest: app.requireRole('learner'), schema: { tags: ['learner'], body: profileUpdatePayload, response: { 200: z.object({ user: userRecordSchema }) } } },
    async (request) => learner.updateLearnerProfile(ctx, authOf(request).userId, request.body),
  );
};
