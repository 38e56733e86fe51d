import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdatePayload } from '@parley/domain/auth';
import { phoneCodeSentResponse, phoneVerifyPayload } from '@parley/domain/phone-verification';
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

  // Phone verification: a one-time code by SMS to the saved number, then the code back.
  app.post(
    '/phone/send-code',
    { onRequest: app.requireRole('learner'), schema: { tags: ['learner'], response: { 200: phoneCodeSentResponse } } },
    async (request) => learner.sendPhoneCode(ctx, authOf(request).userId),
  );

  app.post(
    '/phone/verify',
    { onRequest: app.requireRole('learner'), schema: { tags: ['learner'], body: phoneVerifyPayload, response: { 200: z.object({ message: z.string(), user: userRecordSchema }) } } },
    async (request) => learner.verifyPhoneCode(ctx, authOf(request).userId, request.body.code),
  );
};
