import { randomUUID } from 'node:crypto';
import { BLOG_DATA_ELEMENT_ID } from '@parley/domain/blog';
import { CATALOGUE_FIRST_PAGE_ELEMENT_ID, PUBLIC_PLANS_ELEMENT_ID } from '@parley/domain/constants';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { z } from 'zod';
import type { Role } from '@parley/domain/roles';
import type { DestinationStream } from 'pino';
import type { AppContext } from './context';
import { makeRequireRole } from './http/auth';
import { registerCsrfGuard } from './http/csrf';
import { registerErrorHandler } from './http/error-handler';
import { serializeError, serializeRequest } from './http/logging';
import { registerReadiness } from './http/readiness';
import { registerProcessMetrics } from './http/process-metrics';
import { affiliateRoutes } from './features/affiliate/affiliate.routes';
import { registerAffiliateCommissionJob } from './features/affiliate/affiliate-commission';
import { registerAffiliatePayoutJob } from './features/affiliate/affiliate-payouts';
import { assetRoutes } from './features/assets/assets.routes';
import { loadBlog } from './features/blog/blog-content';
import { blogFeedRoutes, blogRoutes } from './features/blog/blog.routes';
import { listPosts } from './features/blog/blog.service';
import { authRoutes, moderatorAuthRoutes } from './features/auth/auth.routes';
import { resolveSession } from './features/auth/auth.service';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { landingRoutes } from './features/landing/landing.routes';
import { learnerRoutes } from './features/learner/learner.routes';
import { bookingRoutes } from './features/booking/booking.routes';
import { tutorAreaRoutes } from './features/tutor-area/tutor-area.routes';
import { tutorRoutes } from './features/tutors/tutors.routes';
import { tutorSocketHandlers } from './features/tutors/tutors.socket';
import { paymentRoutes } from './features/payments/payments.routes';
import { kidAccountRoutes, kidsRoutes } from './features/kids/kids.routes';
import { subscriptionRoutes } from './features/subscriptions/subscriptions.routes';
import { walletRoutes } from './features/wallet/wallet.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { courseRoutes } from './features/courses/courses.routes';
import { findCourseForLearner, visitorCatalogueFirstPage } from './features/courses/courses.service';
import { visitorPublicPlans } from './features/subscriptions/subscriptions.service';
import { inlineScriptSources, serveWebApp } from './http/web-app';
import { chunkFilesBeyondEntry, readWebManifest } from './http/web-manifest';
import { bonusRoutes, certificateRoutes, courseAnalyticsRoutes, lessonFileRoutes, libraryRoutes } from './features/courses/learning.routes';
import { curriculumRoutes } from './features/curriculum/curriculum.routes';
import { chatSocketHandlers } from './features/chat/chat.socket';
import { meetingRoutes } from './features/meeting/meeting.routes';
import { meetingSocketHandlers } from './features/meeting/meeting.socket';
import { referralRoutes } from './features/referral/referral.routes';
import { courseReviewRoutes, creatorCourseRoutes } from './features/course-authoring/course-authoring.routes';
import { registerReferralRewardJob } from './features/referral/referral.service';
import { registerSessionJobs } from './features/session-jobs/session-jobs.service';
import { registerChatRequestJobs } from './features/chat/chat-request-jobs';
import { registerGiftExpiryJobs } from './features/courses/gift-expiry';
import { creatorMediaRoutes, mediaRoutes } from './features/media/media.routes';
import { devOutboxRoutes } from './features/mail/mail.routes';
import { registerMailJob } from './features/mail/mail.service';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { outreachModerationRoutes, outreachRoutes } from './features/outreach/outreach.routes';
import { kidPeerRoutes } from './features/peer/kid-peer.routes';
import { peerModerationRoutes, peerRoutes } from './features/peer/peer.routes';
import { registerPeerReferralJob } from './features/peer/peer-referral.service';
import { registerPeerSlotJobs } from './features/peer/peer-slots.service';
import { registerPeerJobs } from './features/peer/peer.service';
import { peerSocketHandlers } from './features/peer/peer.socket';
import { attachRealtime } from './realtime/socket';

declare module 'fastify' {
  interface FastifyInstance {
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const VERSION = '0.1.0';

/** Builds the whole HTTP app around explicit dependencies; used by main.ts and by tests. */
export async function buildApp(ctx: AppContext, options: { logger?: boolean; logStream?: DestinationStream } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: ctx.config.logLevel, serializers: { req: serializeRequest, err: serializeError }, ...(options.logStream ? { stream: options.logStream } : {}) },
    // Ids unique across nodes, never taken from the client; every answer carries its own (x-request-id).
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);

  // External plugins first, then the app's own hooks, then routes.
  await app.register(fastifyCookie);
  // Security headers. helmet's middleware is built once here (@fastify/helmet built it afresh on
  // every request, a sixth of a cheap request's time).
  const directives = cspDirectives(ctx.payments.checkoutScriptUrl, inlineScriptSources(ctx.config.webDist));
  const securityHeaders = helmet({ contentSecurityPolicy: { directives } });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    securityHeaders(request.raw, reply.raw, () => done());
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // A Redis that does not answer lets requests through rather than fail them all (its client logs the outage).
    skipOnError: true,
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: `${ctx.config.redisKeyPrefix}:rate-limit:` } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Parley API', version: VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandler(app);
  registerCsrfGuard(app, ['/api/payments/webhook']);
  app.decorate('requireRole', makeRequireRole(ctx.tokens, (claims) => resolveSession(ctx, claims)));

  app.get('/api/health', async () => ({ status: 'ok', db: ctx.database.mode, version: VERSION }));
  registerReadiness(app, ctx);
  registerProcessMetrics(app);
  await app.register(authRoutes, { prefix: '/api/auth', ctx });
  await app.register(moderatorAuthRoutes, { prefix: '/api/moderator', ctx });
  await app.register(moderationRoutes, { prefix: '/api/moderator', ctx });
  await app.register(learnerRoutes, { prefix: '/api/learner', ctx });
  await app.register(kidAccountRoutes, { prefix: '/api/learner', ctx });
  await app.register(landingRoutes, { prefix: '/api', ctx });
  await app.register(assetRoutes, { prefix: '/api/assets', ctx });
  await app.register(tutorRoutes, { prefix: '/api/teachers', ctx });
  await app.register(bookingRoutes, { prefix: '/api/sessions', ctx });
  await app.register(tutorAreaRoutes, { prefix: '/api/teacher', ctx });
  await app.register(paymentRoutes, { ctx });
  await app.register(walletRoutes, { ctx });
  await app.register(subscriptionRoutes, { prefix: '/api/plans', ctx });
  await app.register(kidsRoutes, { prefix: '/api/kids', ctx });
  await app.register(chatRoutes, { prefix: '/room/v1', ctx });
  await app.register(referralRoutes, { prefix: '/api/referrals', ctx });
  await app.register(affiliateRoutes, { prefix: '/api/affiliate', ctx });
  await app.register(mediaRoutes, { prefix: '/api/media', ctx });
  await app.register(creatorMediaRoutes, { prefix: '/api/creator/media', ctx });
  await app.register(devOutboxRoutes, { prefix: '/api/dev', ctx });
  await app.register(courseRoutes, { prefix: '/api/courses', ctx });
  await app.register(lessonFileRoutes, { prefix: '/api/courses', ctx });
  await app.register(courseAnalyticsRoutes, { prefix: '/api/course/analytics', ctx });
  await app.register(certificateRoutes, { prefix: '/api/certificates', ctx });
  await app.register(bonusRoutes, { prefix: '/api/workshop-details', ctx });
  await app.register(libraryRoutes, { prefix: '/api/library', ctx });
  await app.register(creatorCourseRoutes, { prefix: '/api/creator', ctx });
  await app.register(courseReviewRoutes, { prefix: '/api/moderator', ctx });
  await app.register(notificationRoutes, { prefix: '/api/notifications', ctx });
  await app.register(meetingRoutes, { prefix: '/api/meeting', ctx });
  await app.register(peerRoutes, { prefix: '/api/peer', ctx });
  await app.register(kidPeerRoutes, { prefix: '/api/kid-peer', ctx });
  await app.register(curriculumRoutes, { prefix: '/api/curriculum', ctx });
  await app.register(peerModerationRoutes, { prefix: '/api/moderator', ctx });
  await app.register(outreachRoutes, { prefix: '/api', ctx });
  await app.register(outreachModerationRoutes, { prefix: '/api/moderator', ctx });
  // The posts ship with the code: read and rendered once here, so a broken file stops the start.
  const blog = loadBlog(ctx.config.blogDir);
  await app.register(blogRoutes, { prefix: '/api/blog', blog });
  await app.register(blogFeedRoutes, { ctx, blog });
  const meetingSockets = meetingSocketHandlers(ctx, app.log);
  const peerSockets = peerSocketHandlers(ctx, app.log);
  await attachRealtime(app, ctx, {
    resolveSession: (claims) => resolveSession(ctx, claims),
    handlers: [chatSocketHandlers(ctx), tutorSocketHandlers, meetingSockets.attach, peerSockets.attach],
  });
  // onClose hooks run last-added first: this one, before the realtime adapter's Redis
  // connections quit, so a job that finishes while the app closes can still push its events.
  app.addHook('onClose', () => ctx.jobs.stop());
  // Runs after the sockets close: their presence is recorded before the database closes.
  app.addHook('preClose', meetingSockets.settle);
  app.addHook('preClose', peerSockets.settle);
  await registerReferralRewardJob(ctx);
  await registerAffiliateCommissionJob(ctx);
  await registerAffiliatePayoutJob(ctx);
  await registerMailJob(ctx);
  await registerSessionJobs(ctx);
  await registerChatRequestJobs(ctx);
  await registerGiftExpiryJobs(ctx, app.log);
  const peerJobs = await registerPeerJobs(ctx, app.log);
  await registerPeerSlotJobs(ctx);
  await registerPeerReferralJob(ctx);
  app.addHook('onClose', peerJobs.stop);

  // The public catalogue's code (chunk groups named in apps/web/vite.config.ts) comes with the
  // page; a first visit also gets the first page inline and its first cover preloaded. The other
  // public pages get their page chunk; the blog also its list, or the post, inline.
  const manifest = readWebManifest(ctx.config.webDist);
  const chunksOf = (...names: string[]) => (manifest ? chunkFilesBeyondEntry(manifest, names) : []);
  const catalogueChunks = chunksOf('course-catalogue-request', 'course-catalogue');
  const pageChunks = new Map([
    ['/blog', chunksOf('blog-list-page')],
    ['/organization', chunksOf('organization-page')],
    ['/teach-with-us', chunksOf('teach-with-us-page')],
    ['/subscription', chunksOf('public-subscription-with-wallet-page')],
  ]);
  const postChunks = chunksOf('blog-post-page');
  const blogList = JSON.stringify({ kind: 'list', list: listPosts(blog) });
  // A post or a course that is not there shows its not-found page: the HTML answers 404. Beside
  // /courses/{courseId}, /courses/cart and /courses/myCourses are the learner's own pages, and
  // /courses/subscription-plans the courses' plans (/{vertical}/subscription-plans; router.tsx).
  const learnerCoursePages = new Set(['cart', 'myCourses', 'subscription-plans']);
  await serveWebApp(app, ctx.config.webDist, async (pathname, search) => {
    if (pathname === '/blog') return { chunks: pageChunks.get('/blog')!, data: { elementId: BLOG_DATA_ELEMENT_ID, json: blogList } };
    const post = /^\/blog\/([^/]+)$/.exec(pathname);
    if (post) {
      const found = blog.bySlug.get(post[1]!);
      if (!found) return { chunks: postChunks, head: { title: 'Article not found' }, status: 404 };
      const data = { elementId: BLOG_DATA_ELEMENT_ID, json: JSON.stringify({ kind: 'post', post: found }) };
      return { chunks: postChunks, head: { title: found.title, description: found.description }, data };
    }
    const course = /^\/courses\/([^/]+)$/.exec(pathname);
    if (course && !learnerCoursePages.has(course[1]!)) {
      // As a signed-out visitor sees it (the course page's rule): a live course, by its uuid.
      const shown = z.uuid().safeParse(course[1]).success && (await findCourseForLearner(ctx.db, null, course[1]!)) !== undefined;
      return shown ? null : { chunks: [], status: 404 };
    }
    if (pathname === '/subscription') return { chunks: pageChunks.get(pathname)!, data: { elementId: PUBLIC_PLANS_ELEMENT_ID, json: await visitorPublicPlans(ctx) } };
    const chunks = pageChunks.get(pathname);
    if (chunks) return { chunks };
    if (pathname !== '/courses') return null;
    if (search) return { chunks: catalogueChunks };
    const first = await visitorCatalogueFirstPage(ctx);
    const cover = first.firstCover ? [`<${first.firstCover}>; rel=preload; as=image; fetchpriority=high`] : [];
    return { links: cover, chunks: catalogueChunks, data: { elementId: CATALOGUE_FIRST_PAGE_ELEMENT_ID, json: first.json } };
  });
  return app;
}

/** A strict policy; the real provider's checkout origin is allowed only when it is configured. */
const cspDirectives = (checkoutScriptUrl: string, inlineScripts: string[]) => {
  const provider = checkoutScriptUrl.startsWith('https://') ? [new URL(checkoutScriptUrl).origin, 'https://api.razorpay.com'] : [];
  return {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...inlineScripts, ...provider],
  // sonner and react-pdf inject <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // 'self' covers the app's own socket (ws: and wss: of this origin); no other host is reached.
  connectSrc: ["'self'", ...provider],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", ...provider],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  };
};

