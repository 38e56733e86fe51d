import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editedKidResponse, editKidPayload, kidBalancesResponse, kidIdParams, kidIdPayload, kidSummarySchema, newKidPayload, removedKidResponse } from '@parley/domain/kids';
import { buySessionsPayload, buySessionsResponse, kidSessionsQuote, kidSessionsQuoteQuery } from '@parley/domain/payments';
import { userRecordSchema } from '@parley/domain/user';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as kids from './kids.service';

export const kidsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/buy-sessions',
    { onRequest: app.requireRole('learner'), schema: { tags: ['kids'], body: buySessionsPayload, response: { 200: buySessionsResponse } } },
    async (request) => kids.buyKidSessions(ctx, authOf(request).userId, request.body),
  );

  // What that purchase would cost, with an affiliate code applied or refused: the checkout shows this.
  app.get(
    '/buy-sessions/quote',
    { onRequest: app.requireRole('learner'), schema: { tags: ['kids'], querystring: kidSessionsQuoteQuery, response: { 200: kidSessionsQuote } } },
    async (request) => kids.quoteKidSessions(ctx, authOf(request).userId, request.query),
  );

  // A kid's sessions available per subject (bought, or on the parent's plan), for the kid or its parent.
  app.get(
    '/:kidId/subjects',
    { onRequest: app.requireRole('learner', 'kid'), schema: { tags: ['kids'], params: z.object({ kidId: z.uuid() }), response: { 200: kidBalancesResponse } } },
    async (request) => kids.kidBalances(ctx, authOf(request), request.params.kidId),
  );
};

// The parent's kid profiles, under the learner paths the web app calls (registered at /api/learner).
export const kidAccountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asParent = app.requireRole('learner');

  app.post(
    '/getKidsByParentId',
    { onRequest: asParent, schema: { tags: ['kids'], response: { 200: z.object({ allKids: z.array(kidSummarySchema) }) } } },
    async (request) => kids.listKidsOfParent(ctx, authOf(request).userId),
  );

  app.post(
    '/newKid',
    { onRequest: asParent, schema: { tags: ['kids'], body: newKidPayload, response: { 201: z.object({ kid: kidSummarySchema, message: z.string() }) } } },
    async (request, reply) => reply.status(201).send(await kids.createKid(ctx, authOf(request).userId, request.body)),
  );

  app.post(
    '/findKidById',
    {
      onRequest: asParent,
      schema: { tags: ['kids'], body: kidIdPayload, response: { 200: z.object({ token: z.string(), learner: userRecordSchema, message: z.string() }) } },
    },
    async (request, reply) => kids.selectKid(ctx, reply, authOf(request), request.body.learnerId),
  );

  // The kid's name and date of birth (null clears it).
  app.post(
    '/kids/:kidId/edit',
    { onRequest: asParent, schema: { tags: ['kids'], params: kidIdParams, body: editKidPayload, response: { 200: editedKidResponse } } },
    async (request) => kids.editKid(ctx, authOf(request).userId, request.params.kidId, request.body),
  );

  // Only a profile nothing hangs on goes (409 CONFLICT naming what holds it otherwise).
  app.post(
    '/kids/:kidId/remove',
    { onRequest: asParent, schema: { tags: ['kids'], params: kidIdParams, response: { 200: removedKidResponse } } },
    async (request, reply) => kids.removeKid(ctx, reply, authOf(request).userId, request.params.kidId),
  );
};
