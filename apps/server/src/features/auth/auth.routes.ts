import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affiliateSignupPayload, loginLinkPayload, loginPayload, logoutPayload, sessionResponse, signupPayload } from '@parley/domain/auth';
import {
  otherSessionsEnded,
  passwordChangePayload,
  passwordResetCheck,
  passwordResetCheckPayload,
  passwordResetDone,
  passwordResetPayload,
  passwordResetRequestPayload,
} from '@parley/domain/password-reset';
import { passwordRoles, roles } from '@parley/domain/roles';
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
    '/affiliate-signup',
    { config: perIpLimit, schema: { tags: ['auth'], body: affiliateSignupPayload, response: { 201: signedIn } } },
    async (request, reply) => reply.status(201).send(await auth.signUpAffiliate(ctx, reply, request.body)),
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

  // Forgotten passwords: the ask answers alike whether the account exists (202), and the link's use
  // signs the account out everywhere. Both are limited per address like the sign-in.
  app.post(
    '/password-reset',
    { config: perIpLimit, schema: { tags: ['auth'], body: passwordResetRequestPayload, response: { 202: z.object({ message: z.string() }) } } },
    async (request, reply) => reply.status(202).send(await auth.requestPasswordReset(ctx, request.body, request.log)),
  );

  app.post(
    '/password-reset/check',
    { config: perIpLimit, schema: { tags: ['auth'], body: passwordResetCheckPayload, response: { 200: passwordResetCheck } } },
    async (request) => auth.checkPasswordReset(ctx, request.body.token),
  );

  app.post(
    '/password-reset/confirm',
    { config: perIpLimit, schema: { tags: ['auth'], body: passwordResetPayload, response: { 200: passwordResetDone } } },
    async (request, reply) => auth.resetPassword(ctx, reply, request.body, request.log),
  );

  // A signed-in account's own security: a new password, and ending its other sign-ins.
  app.put(
    '/password',
    { onRequest: app.requireRole(...passwordRoles), schema: { tags: ['auth'], body: passwordChangePayload, response: { 200: otherSessionsEnded } } },
    async (request) => auth.changePassword(ctx, authOf(request), request.body, request.log),
  );

  app.post(
    '/sessions/end-others',
    { onRequest: app.requireRole(...passwordRoles), schema: { tags: ['auth'], response: { 200: otherSessionsEnded } } },
    async (request) => auth.signOutElsewhere(ctx, authOf(request)),
  );

  app.get(
    '/me',
    {
      // Auth runs before validation: a session of the role asked for. A query naming no known role
      // still needs a session of some role (a visitor gets 401), and validation then refuses it (400).
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
