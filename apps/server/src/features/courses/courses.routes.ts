import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeCourseSubscriptionsResponse,
  buyCoursePayload,
  buyCourseSubscriptionPayload,
  buyFromCartPayload,
  cartItemPayload,
  cartSchema,
  courseDetailSchema,
  courseGiftPayload,
  coursePurchaseResponse,
  courseSubscriptionPlansResponse,
  getAllCoursesQuery,
  getCartQuery,
  getCourseDataPayload,
  giftCodeSchema,
  giftPreviewSchema,
  myCoursesResponse,
  ownedCoursesResponse,
  ratingPayload,
  ratingResponse,
  redeemGiftPayload,
  getAllCoursesResponse,
} from '@parley/domain/courses';
import { currencySchema } from '@parley/domain/money-schema';
import type { AppContext } from '../../context';
import { authOf, cookieName } from '../../http/auth';
import * as courses from './courses.service';

/** Sends JSON the service made and already checked against the route's response schema (a cached catalogue page). */
const sendJsonText = (reply: FastifyReply, text: Buffer) => reply.type('application/json; charset=utf-8').send(text);

// The learner's side of courses (spec §7.6): the public catalogue and course page, the cart,
// buying (wallet or checkout), gifts, course subscriptions, My Courses and ratings.
export const courseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');
  /** Public routes that answer a signed-in learner about themselves (their currency, what they own); anyone else stays anonymous. */
  const learnerIfSignedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.cookies[cookieName('learner')]) await asLearner(request, reply).catch(() => undefined);
  };
  const viewerOf = (request: FastifyRequest) => request.auth?.userId ?? null;
  const tags = ['courses'];

  app.get(
    '/getAllCourses',
    { onRequest: learnerIfSignedIn, schema: { tags, querystring: getAllCoursesQuery, response: { 200: getAllCoursesResponse } } },
    async (request, reply) => sendJsonText(reply, await courses.catalogueText(ctx, viewerOf(request), request.query)),
  );

  app.post(
    '/v2/getCourseData',
    { onRequest: learnerIfSignedIn, schema: { tags, body: getCourseDataPayload, response: { 200: courseDetailSchema } } },
    async (request) => courses.courseDetail(ctx, viewerOf(request), request.body.courseId, request.body.currency),
  );

  app.post(
    '/addToCart',
    { onRequest: asLearner, schema: { tags, body: cartItemPayload, response: { 200: cartSchema } } },
    async (request) => courses.addToCart(ctx, authOf(request).userId, request.body),
  );

  app.post(
    '/removeFromCart',
    { onRequest: asLearner, schema: { tags, body: cartItemPayload, response: { 200: cartSchema } } },
    async (request) => courses.removeFromCart(ctx, authOf(request).userId, request.body),
  );

  app.get(
    '/getCartDetails',
    { onRequest: asLearner, schema: { tags, querystring: getCartQuery, response: { 200: cartSchema } } },
    async (request) => courses.cartOf(ctx, authOf(request).userId, request.query.subject),
  );

  app.post(
    '/buyCourse',
    { onRequest: asLearner, schema: { tags, body: buyCoursePayload, response: { 200: coursePurchaseResponse } } },
    async (request) => courses.buyCourse(ctx, authOf(request).userId, request.body),
  );

  app.post(
    '/buyCoursesFromCart',
    { onRequest: asLearner, schema: { tags, body: buyFromCartPayload, response: { 200: coursePurchaseResponse } } },
    async (request) => courses.buyCoursesFromCart(ctx, authOf(request).userId, request.body),
  );

  app.post(
    '/courseGifting',
    { onRequest: asLearner, schema: { tags, body: courseGiftPayload, response: { 200: coursePurchaseResponse } } },
    async (request) => courses.giftCourse(ctx, authOf(request).userId, request.body, request.log),
  );

  app.get(
    '/gifts/:code',
    { schema: { tags, params: z.object({ code: giftCodeSchema }), response: { 200: giftPreviewSchema } } },
    async (request) => courses.giftPreview(ctx, request.params.code),
  );

  app.post(
    '/gifts/redeem',
    { onRequest: asLearner, schema: { tags, body: redeemGiftPayload, response: { 200: coursePurchaseResponse } } },
    async (request) => courses.redeemGift(ctx, authOf(request).userId, request.body.code),
  );

  app.get(
    '/subscription-plans',
    { onRequest: learnerIfSignedIn, schema: { tags, querystring: z.object({ currency: currencySchema.optional() }), response: { 200: courseSubscriptionPlansResponse } } },
    async (request) => courses.courseSubscriptionPlans(ctx, viewerOf(request), request.query.currency),
  );

  app.post(
    '/buyCourseSubscription',
    { onRequest: asLearner, schema: { tags, body: buyCourseSubscriptionPayload, response: { 200: coursePurchaseResponse } } },
    async (request) => courses.buyCourseSubscription(ctx, authOf(request).userId, request.body),
  );

  app.post(
    '/getAllActiveSubscriptions',
    { onRequest: asLearner, schema: { tags, response: { 200: activeCourseSubscriptionsResponse } } },
    async (request) => courses.activeCourseSubscriptions(ctx, authOf(request).userId),
  );

  app.get(
    '/my-courses',
    { onRequest: asLearner, schema: { tags, response: { 200: myCoursesResponse } } },
    async (request) => courses.myCourses(ctx, authOf(request).userId),
  );

  app.get(
    '/owned',
    { onRequest: asLearner, schema: { tags, response: { 200: ownedCoursesResponse } } },
    async (request) => courses.ownedCourseIds(ctx, authOf(request).userId),
  );

  app.post(
    '/rating/:id',
    { onRequest: asLearner, schema: { tags, params: z.object({ id: z.uuid() }), body: ratingPayload, response: { 200: ratingResponse } } },
    async (request) => courses.rateCourse(ctx, authOf(request).userId, request.params.id, request.body),
  );
};
