import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDetailsPayload } from '@parley/domain/auth';
import { moderationPageQuery, moderationReasonPayload } from '@parley/domain/moderation';
import {
  peerCallInfoSchema,
  peerOverviewSchema,
  peerPastCallsQuery,
  peerPastCallsResponse,
  peerPlacementPayload,
  peerProfilePayload,
  peerProfileSchema,
  peerQueuePayload,
  peerQueueResponse,
  peerRatingPayload,
  peerReportPayload,
  peerReportsResponse,
} from '@parley/domain/peer';
import { peerSlotJoinResponse, peerSlotPayload, peerSlotSchema, peerSlotsResponse } from '@parley/domain/peer-slots';
import { userRecordSchema } from '@parley/domain/user';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as slots from './peer-slots.service';
import * as peer from './peer.service';

const callParams = z.object({ id: z.uuid() });
const tags = ['peer'];

// Peer practice, for peers and for learners who practise too: the profile, the queue, calls
// (the call itself runs over the socket: peer.socket.ts), Past Calls, ratings and reports.
export const peerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asPeer = app.requireRole('learner', 'peer');
  // A kid's call (a scheduled practice time) runs on the same page: its info, rating and report button.
  const inCall = app.requireRole('learner', 'peer', 'kid');

  app.get('/me', { onRequest: asPeer, schema: { tags, response: { 200: peerOverviewSchema } } }, async (request) => peer.overview(ctx, authOf(request)));

  app.get('/profile', { onRequest: asPeer, schema: { tags, response: { 200: peerProfileSchema } } }, async (request) => peer.getProfile(ctx, authOf(request)));

  app.put('/profile', { onRequest: asPeer, schema: { tags, body: peerProfilePayload, response: { 200: peerProfileSchema } } }, async (request) =>
    peer.updateProfile(ctx, authOf(request), request.body),
  );

  // A peer-only account's name, country and time zone (a learner's are on PUT /api/learner/profile).
  app.put('/account', { onRequest: app.requireRole('peer'), schema: { tags, body: accountDetailsPayload, response: { 200: z.object({ user: userRecordSchema }) } } }, async (request) =>
    peer.updateAccount(ctx, authOf(request).userId, request.body),
  );

  app.post('/placement', { onRequest: asPeer, schema: { tags, body: peerPlacementPayload, response: { 200: peerProfileSchema } } }, async (request) =>
    peer.takePlacement(ctx, authOf(request), request.body),
  );

  app.post('/queue', { onRequest: asPeer, schema: { tags, body: peerQueuePayload, response: { 200: peerQueueResponse } } }, async (request) =>
    peer.joinQueue(ctx, authOf(request), request.body.mode),
  );

  app.delete('/queue', { onRequest: asPeer, schema: { tags, response: { 200: peerQueueResponse } } }, async (request) => peer.leaveQueue(ctx, authOf(request)));

  app.get('/calls', { onRequest: asPeer, schema: { tags, querystring: peerPastCallsQuery, response: { 200: peerPastCallsResponse } } }, async (request) =>
    peer.pastCalls(ctx, authOf(request), request.query),
  );

  app.get('/calls/:id', { onRequest: inCall, schema: { tags, params: callParams, response: { 200: peerCallInfoSchema } } }, async (request) =>
    peer.callInfo(ctx, authOf(request), request.params.id),
  );

  app.post('/calls/:id/rating', { onRequest: inCall, schema: { tags, params: callParams, body: peerRatingPayload, response: { 200: peerRatingPayload } } }, async (request) =>
    peer.rateCall(ctx, authOf(request), request.params.id, request.body.stars),
  );

  app.post(
    '/calls/:id/report',
    { onRequest: inCall, schema: { tags, params: callParams, body: peerReportPayload, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => peer.reportCall(ctx, authOf(request), request.params.id, request.body.reason),
  );

  // Scheduled practice: publish a time, book another's, cancel, and join at the time.
  const slotParams = z.object({ id: z.uuid() });
  app.get('/slots', { onRequest: asPeer, schema: { tags, response: { 200: peerSlotsResponse } } }, async (request) => slots.listSlots(ctx, slots.adultActor(authOf(request))));

  app.post('/slots', { onRequest: asPeer, schema: { tags, body: peerSlotPayload, response: { 200: peerSlotSchema } } }, async (request) =>
    slots.publishSlot(ctx, slots.adultActor(authOf(request)), request.body),
  );

  app.post('/slots/:id/book', { onRequest: asPeer, schema: { tags, params: slotParams, response: { 200: peerSlotSchema } } }, async (request) =>
    slots.bookSlot(ctx, slots.adultActor(authOf(request)), request.params.id),
  );

  app.post('/slots/:id/cancel', { onRequest: asPeer, schema: { tags, params: slotParams, response: { 200: z.object({ message: z.string() }) } } }, async (request) =>
    slots.cancelSlot(ctx, slots.adultActor(authOf(request)), request.params.id),
  );

  app.post('/slots/:id/join', { onRequest: asPeer, schema: { tags, params: slotParams, response: { 200: peerSlotJoinResponse } } }, async (request) =>
    slots.joinSlot(ctx, slots.adultActor(authOf(request)), request.params.id),
  );
};

// The moderators' side: reports and what they did about them (each action is kept in moderator_actions).
export const peerModerationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asModerator = app.requireRole('moderator');
  const done = { 200: z.object({ ok: z.literal(true) }) };

  app.get('/peer-reports', { onRequest: asModerator, schema: { tags, querystring: moderationPageQuery, response: { 200: peerReportsResponse } } }, async (request) =>
    peer.listReports(ctx, request.query),
  );

  for (const resolution of ['warn', 'suspend', 'dismiss'] as const) {
    app.post(
      `/peer-reports/:id/${resolution}`,
      { onRequest: asModerator, schema: { tags, params: callParams, body: moderationReasonPayload, response: done } },
      async (request) => peer.resolveReport(ctx, authOf(request).userId, request.params.id, resolution, request.body.reason),
    );
  }

  app.post(
    '/peers/:userId/unsuspend',
    { onRequest: asModerator, schema: { tags, params: z.object({ userId: z.uuid() }), body: moderationReasonPayload, response: done } },
    async (request) => peer.unsuspend(ctx, authOf(request).userId, request.params.userId, request.body.reason),
  );
};
