import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devOutboxQuery, devOutboxResponse } from '@parley/domain/mail';
import type { AppContext } from '../../context';
import * as mail from './mail.service';

/** GET /api/dev/outbox[?to]: every queued message, for development and tests without a mail server. */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Messages carry redeem codes and sign-in links: never listed in production, nor where real
  // mail leaves (SMTP) or real money moves (Razorpay), whatever NODE_ENV says.
  const realBox = ctx.config.nodeEnv === 'production' || ctx.config.mail.smtpUrl !== undefined || ctx.config.sms.provider !== 'outbox' || ctx.config.paymentProvider === 'razorpay';
  if (realBox) return;
  app.get('/outbox', { schema: { tags: ['dev'], querystring: devOutboxQuery, response: { 200: devOutboxResponse } } }, async (request) => ({
    items: await mail.devOutbox(ctx.db, request.query.to),
  }));
};
