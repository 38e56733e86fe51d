import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdatePayload } from '@parley/domain/auth';
import { kidIdPayload, kidSummarySchema, newKidPayload } from '@parley/domain/kids';
import { userRecordSchema } from '@parley/domain/user';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as learner from './learner.service';

// spec §7.7 names these paths; they act for the signed-in parent only.
export const learnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');

  app.put(
    '/profile',
    { onRequest: asLearner, schema: { tags: ['learner'], body: profileUpdatePayload, response: { 200: z.object({ user: userRecordSchema }) } } },
    async (request) => learner.updateLearnerProfile(ctx, authOf(request).userId, request.body),
  );

  app.post(
    '/getKidsByParentId',
    { onRequest: asLearner, schema: { tags: ['kids'], response: { 200: z.object({ allKids: z.array(kidSummarySchema) }) } } },
    async (request) => learner.listKidsOfParent(ctx, authOf(request).userId),
  );

  app.post(
    '/newKid',
    {
      onRequest: asLearner,
      schema: { tags: ['kids'], body: newKidPayload, response: { 201: z.object({ kid: kidSummarySchema, message: z.string() }) } },
    },
    async (request, reply) => reply.status(201).send(await learner.createKid(ctx, authOf(request).userId, request.body)),
  );

  app.post(
    '/findKidById',
    {
      onRequest: asLearner,
      schema: {
        tags: ['kids'],
        body: kidIdPayload,
        response: { 200: z.object({ token: z.string(), learner: userRecordSchema, message: z.string() }) },
      },
    },
    async (request, reply) => learner.selectKid(ctx, reply, authOf(request), request.body.learnerId),
  );
};
