import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kidPeerConsentPayload, kidPeerKidSchema, kidPeerKidsResponse, kidPeerMinutesPayload, kidPeerPracticeResponse, kidPeerProfilePayload, kidPeerSlotPayload } from '@parley/domain/kid-peer';
import { peerPastCallsQuery, peerPastCallsResponse } from '@parley/domain/peer';
import { peerSlotJoinResponse, peerSlotSchema, peerSlotsResponse } from '@parley/domain/peer-slots';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as kidPeer from './kid-peer.service';

const tags = ['kid-peer'];
const kidParams = z.object({ kidId: z.uuid() });
const kidSlotParams = z.object({ kidId: z.uuid(), id: z.uuid() });
const message = { 200: z.object({ message: z.string() }) };

// Kids peer practice. The parent (a learner) runs it for each of their kids; the kid, in their
// own session, sees their practice times and joins the call at the time.
export const kidPeerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asParent = app.requireRole('learner');
  const asKid = app.requireRole('kid');

  app.get('/kids', { onRequest: asParent, schema: { tags, response: { 200: kidPeerKidsResponse } } }, async (request) => kidPeer.listKids(ctx, authOf(request)));

  app.put('/kids/:kidId/consent', { onRequest: asParent, schema: { tags, params: kidParams, body: kidPeerConsentPayload, response: { 200: kidPeerKidSchema } } }, async (request) =>
    kidPeer.setConsent(ctx, authOf(request), request.params.kidId, request.body.consent),
  );

  app.put('/kids/:kidId/profile', { onRequest: asParent, schema: { tags, params: kidParams, body: kidPeerProfilePayload, response: { 200: kidPeerKidSchema } } }, async (request) =>
    kidPeer.updateProfile(ctx, authOf(request), request.params.kidId, request.body),
  );

  app.post('/kids/:kidId/minutes', { onRequest: asParent, schema: { tags, params: kidParams, body: kidPeerMinutesPayload, response: { 200: kidPeerKidSchema } } }, async (request) =>
    kidPeer.giveMinutes(ctx, authOf(request), request.params.kidId, request.body),
  );

  app.get('/kids/:kidId/slots', { onRequest: asParent, schema: { tags, params: kidParams, response: { 200: peerSlotsResponse } } }, async (request) =>
    kidPeer.listSlots(ctx, authOf(request), request.params.kidId),
  );

  app.post('/kids/:kidId/slots', { onRequest: asParent, schema: { tags, params: kidParams, body: kidPeerSlotPayload, response: { 200: peerSlotSchema } } }, async (request) =>
    kidPeer.publishSlot(ctx, authOf(request), request.params.kidId, request.body),
  );

  app.post('/kids/:kidId/slots/:id/book', { onRequest: asParent, schema: { tags, params: kidSlotParams, response: { 200: peerSlotSchema } } }, async (request) =>
    kidPeer.bookSlot(ctx, authOf(request), request.params.kidId, request.params.id),
  );

  app.post('/kids/:kidId/slots/:id/cancel', { onRequest: asParent, schema: { tags, params: kidSlotParams, response: message } }, async (request) =>
    kidPeer.cancelSlot(ctx, authOf(request), request.params.kidId, request.params.id),
  );

  app.get('/kids/:kidId/calls', { onRequest: asParent, schema: { tags, params: kidParams, querystring: peerPastCallsQuery, response: { 200: peerPastCallsResponse } } }, async (request) =>
    kidPeer.pastCalls(ctx, authOf(request), request.params.kidId, request.query),
  );

  app.get('/practice', { onRequest: asKid, schema: { tags, response: { 200: kidPeerPracticeResponse } } }, async (request) => kidPeer.kidOwnPractice(ctx, authOf(request)));

  app.get('/slots', { onRequest: asKid, schema: { tags, response: { 200: peerSlotsResponse } } }, async (request) => kidPeer.kidOwnSlots(ctx, authOf(request)));

  app.post('/slots/:id/join', { onRequest: asKid, schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: peerSlotJoinResponse } } }, async (request) =>
    kidPeer.joinSlot(ctx, authOf(request), request.params.id),
  );
};
