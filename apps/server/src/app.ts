import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Role } from '@parley/domain/roles';
import type { AppContext } from './context';
import { makeRequireRole } from './http/auth';
import { registerCsrfGuard } from './http/csrf';
import { registerErrorHandler } from './http/error-handler';
import { assetRoutes } from './features/assets/assets.routes';
import { authRoutes, moderatorAuthRoutes } from './features/auth/auth.routes';
import { resolveSession } from './features/auth/auth.service';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { landingRoutes } from './features/landing/landing.routes';
import { learnerRoutes } from './features/learner/learner.routes';
import { bookingRoutes } from './features/booking/booking.routes';
import { tutorAreaRoutes } from './features/tutor-area/tutor-area.routes';
import { tutorRoutes } from './features/tutors/tutors.routes';
import { paymentRoutes } from './features/payments/payments.routes';
import { kidAccountRoutes, kidsRoutes } from './features/kids/kids.routes';
import { subscriptionRoutes } from './features/subscriptions/subscriptions.routes';
import { walletRoutes } from './features/wallet/wallet.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { courseRoutes } from './features/courses/courses.routes';
import { catalogueFirstCover } from './features/courses/courses.service';
import { bonusRoutes, certificateRoutes, courseAnalyticsRoutes, lessonFileRoutes, libraryRoutes } from './features/courses/learning.routes';
import { chatSocketHandlers } from './features/chat/chat.socket';
import { meetingRoutes } from './features/meeting/meeting.routes';
import { meetingSocketHandlers } from './features/meeting/meeting.socket';
import { referralRoutes } from './features/referral/referral.routes';
import { courseReviewRoutes, creatorCourseRoutes } from './features/course-authoring/course-authoring.routes';
import { registerReferralRewardJob } from './features/referral/referral.service';
import { registerSessionJobs } from './features/session-jobs/session-jobs.service';
import { registerChatRequestJobs } from './features/chat/chat-request-jobs';
import { creatorMediaRoutes, mediaRoutes } from './features/media/media.routes';
import { devOutboxRoutes } from './features/mail/mail.routes';
import { registerMailJob } from './features/mail/mail.service';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { attachRealtime } from './realtime/socket';

declare module 'fastify' {
  interface FastifyInstance {
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const VERSION = '0.1.0';

/** Builds the whole HTTP app around explicit dependencies; used by main.ts and by tests. */
export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);

  // External plugins first, then the app's own hooks, then routes.
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, { contentSecurityPolicy: { directives: cspDirectives(ctx.payments.checkoutScriptUrl) } });
  await app.register(fastifyRateLimit, {
    global: false,
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
  const meetingSockets = meetingSocketHandlers(ctx);
  await attachRealtime(app, ctx, { resolveSession: (claims) => resolveSession(ctx, claims), handlers: [chatSocketHandlers(ctx), meetingSockets.attach] });
  // Runs after the sockets close: their presence is recorded before the database closes.
  app.addHook('preClose', meetingSockets.settle);
  await registerReferralRewardJob(ctx);
  await registerMailJob(ctx);
  await registerSessionJobs(ctx);
  await registerChatRequestJobs(ctx);

  await serveWebApp(app, ctx.config.webDist, async (pathname, search) => {
    // A first visit to the catalogue: its first cover is the page's largest paint.
    if (pathname !== '/courses' || search) return [];
    const cover = await catalogueFirstCover(ctx);
    return cover ? [cover] : [];
  });
  return app;
}

/** A strict policy; the real provider's checkout origin is allowed only when it is configured. */
const cspDirectives = (checkoutScriptUrl: string) => {
  const provider = checkoutScriptUrl.startsWith('https://') ? [new URL(checkoutScriptUrl).origin, 'https://api.razorpay.com'] : [];
  return {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...provider],
  // sonner and react-pdf inject <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:', ...provider],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", ...provider],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  };
};

/**
 * Serves the built SPA; unknown non-API GETs get index.html so client routes load. `imagesFor`
 * names images a page will show at once (same-origin paths); they go out as `Link: rel=preload`
 * with the HTML, so the browser fetches them while the app's code loads.
 */
async function serveWebApp(app: FastifyInstance, webDist: string, imagesFor: (pathname: string, search: string) => Promise<string[]>): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) return;
  // wildcard: false gives each built file its own route; every other GET is a client route.
  // The build writes .br/.gz beside each asset; hashed files under /assets never change.
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname.startsWith('/room/')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: `No route for GET ${pathname}` });
    }
    // Only a hint: a failure to read it still serves the page.
    const images = await imagesFor(pathname, request.url.slice(pathname.length + 1)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'page preload hints failed');
      return [];
    });
    if (images.length) reply.header('link', images.map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`).join(', '));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
