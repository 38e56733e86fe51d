import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewSchema, scheduleQuery, scheduleResponse, teacherCardSchema, sessionSubjectSchema, type ScheduleResponse } from '@parley/domain/booking';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as tutors from './tutors.service';

const tutorParams = z.object({ id: z.uuid() });

/**
 * The service hands out one schedule object per tutor snapshot, query and minute, so the same
 * object is sent many times: it is stringified once. Its teacher card is one object per snapshot
 * too, stringified once for all the answers that carry it. Outside production each answer is
 * also checked against the schema (the service builds it from typed values; the tests hold it to
 * the schema, production does not walk it twice).
 */
const scheduleJson = new WeakMap<ScheduleResponse, string>();
const teacherJson = new WeakMap<ScheduleResponse['teacher'], string>();
const serializeEachScheduleOnce = (checkAnswers: boolean) => () => (data: ScheduleResponse) => {
  let json = scheduleJson.get(data);
  if (json === undefined) {
    const { teacher, ...day } = checkAnswers ? scheduleResponse.parse(data) : data;
    let card = teacherJson.get(data.teacher);
    if (card === undefined) {
      card = JSON.stringify(teacher);
      teacherJson.set(data.teacher, card);
    }
    json = `{"teacher":${card},${JSON.stringify(day).slice(1)}`;
    scheduleJson.set(data, json);
  }
  return json;
};

// Learners and kids browse tutors (kid pages send x-parley-as: kid); a kid's favourites are its own.
export const tutorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asViewer = app.requireRole('learner', 'kid');

  app.get(
    '/',
    {
      onRequest: asViewer,
      schema: { tags: ['tutors'], querystring: z.object({ subject: sessionSubjectSchema.optional() }), response: { 200: z.object({ items: z.array(teacherCardSchema) }) } },
    },
    async (request) => tutors.listTutors(ctx, authOf(request), request.query.subject),
  );

  app.get(
    '/:id/schedule',
    {
      onRequest: asViewer,
      schema: { tags: ['tutors'], params: tutorParams, querystring: scheduleQuery, response: { 200: scheduleResponse } },
      serializerCompiler: serializeEachScheduleOnce(ctx.config.nodeEnv !== 'production'),
    },
    async (request) => tutors.tutorSchedule(ctx, authOf(request).userId, { tutorId: request.params.id, ...request.query }),
  );

  app.get(
    '/:id/reviews',
    { onRequest: asViewer, schema: { tags: ['tutors'], params: tutorParams, response: { 200: z.object({ reviews: z.array(reviewSchema) }) } } },
    async (request) => tutors.tutorReviews(ctx, request.params.id),
  );

  app.put(
    '/:id/favourite',
    {
      onRequest: asViewer,
      schema: { tags: ['tutors'], params: tutorParams, body: z.object({ favourite: z.boolean() }), response: { 200: z.object({ isFavourite: z.boolean() }) } },
    },
    async (request) => tutors.setFavouriteTutor(ctx, authOf(request).userId, request.params.id, request.body.favourite),
  );
};
