import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityPayload, availabilityResponse, sessionListResponse } from '@parley/domain/booking';
import { tutorProfilePayload, tutorProfileResponse } from '@parley/domain/tutor-profile';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as tutorArea from './tutor-area.service';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(50).default(10) });
const sessionsQuery = pageQuery.extend({ when: z.enum(['upcoming', 'past']).default('upcoming') });

// The tutor's own area: weekly availability in the tutor's own timezone, upcoming and past sessions, and the profile learners see.
export const tutorAreaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireRole('teacher'));

  app.get('/availability', { schema: { tags: ['tutor-area'], response: { 200: availabilityResponse } } }, async (request) =>
    tutorArea.availabilityOf(ctx, authOf(request).userId),
  );

  app.put('/availability', { schema: { tags: ['tutor-area'], body: availabilityPayload, response: { 200: availabilityResponse } } }, async (request) =>
    tutorArea.saveAvailability(ctx, authOf(request).userId, request.body),
  );

  app.get('/profile', { schema: { tags: ['tutor-area'], response: { 200: tutorProfileResponse } } }, async (request) => tutorArea.profileOf(ctx, authOf(request).userId));

  app.put('/profile', { schema: { tags: ['tutor-area'], body: tutorProfilePayload, response: { 200: tutorProfileResponse } } }, async (request) =>
    tutorArea.saveProfile(ctx, authOf(request).userId, request.body),
  );

  app.get('/sessions', { schema: { tags: ['tutor-area'], querystring: sessionsQuery, response: { 200: sessionListResponse } } }, async (request) =>
    tutorArea.tutorSessions(ctx, authOf(request).userId, request.query),
  );
};
