import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginLinkPayload, loginPayload, logoutPayload, sessionResponse, signupPayload } from '@parley/domain/auth';
import { roles } from '@parley/domain/roles';
import { userRecordSchema } from '@parley/domain/user';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as auth from './auth.service';

const signedIn = z.object({ user: userRecordSchema, session: sessionResponse });
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Per-IP limit on every credential endpoint; the per-account limit lives in the service.
  const perIpLimit = { rateLimit: { max: ctx.config.loginRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/signup',
    { config: perIpLimit, schema: { tags: ['auth'], body: signupPayload, response: { 201: signedIn } } },
    async (request, reply) => reply.status(201).send(await auth.signUp(ctx, reply, request.body, 'learner')),
  );

  app.post(
    '/peer-signup',
    { config: perIpLimit, schema: { tags: ['auth'], body: signupPayload, response: { 201: signedIn } } },
    async (request, reply) => reply.status(201).send(await auth.signUp(ctx, reply, request.body, 'peer')),
  );

  app.post(
    '/login',
    { config: perIpLimit, schema: { tags: ['auth'], body: loginPayload, response: { 200: signedIn } } },
    async (request, reply) => auth.logIn(ctx, reply, request.body),
  );

  app.post(
    '/login-link',
    { config: perIpLimit, schema: { tags: ['auth'], body: loginLinkPayload, response: { 200: signedIn } } },
    async (request, reply) => auth.redeemLoginLink(ctx, reply, request.body),
  );

  app.post('/logout', { schema: { tags: ['auth'], body: logoutPayload } }, async (request, reply) => {
    await auth.logOut(ctx, request, reply, request.body.role);
    return reply.status(204).send();
  });

  app.get(
    '/me',
    {
      // Auth runs before validation: a session of the role asked for, or of any role when the query names none.
      onRequest: (request, reply) => {
        const asked = roles.find((role) => role === (request.query as { role?: unknown }).role);
        return app.requireRole(...(asked ? [asked] : roles))(request, reply);
      },
      schema: { tags: ['auth'], querystring: z.object({ role: z.enum(roles) }), response: { 200: z.object({ user: userRecordSchema }) } },
    },
    async (request) => ({ user: await auth.loadUserRecord(ctx.db, authOf(request).userId, ctx.now()) }),
  );
};

export const moderatorAuthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/login-links',
    {
      onRequest: app.requireRole('moderator'),
      schema: { tags: ['moderation'], body: z.object({ learnerId: z.uuid() }), response: { 201: z.object({ url: z.string(), expiresAt: z.string() }) } },
    },
    async (request, reply) => reply.status(201).send(await auth.issueLoginLink(ctx, authOf(request).userId, request.body.learnerId)),
  );
};
