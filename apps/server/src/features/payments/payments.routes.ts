import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardPaymentsResponse, captureResponse, capturePayload, orderStatusPayload, verifyPaymentPayload, verifyPaymentResponse } from '@parley/domain/payments';
import { providerIdSchema, singleLineText } from '@parley/domain/text';
import { serverRoot } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { authOf } from '../../http/auth';
import type { AfterCommitLog } from '../mail/mail.service';
import * as payments from './payments.service';

const checkoutScript = readFileSync(path.join(serverRoot, 'src/payments/sandbox-checkout.js'), 'utf8');

export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A peer-only account (spec §6) pays for Peer Learning plans through the same checkout: the capture refuses it anything else.
  const asBuyer = app.requireRole('learner', 'peer');
  /** An onRequest hook: the buyer's session when there is one, else the request stays anonymous (auth-less demo orders). */
  const buyerIfSignedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    await asBuyer(request, reply).catch(() => undefined);
  };
  const buyerOrNull = (request: FastifyRequest) => request.auth?.userId ?? null;
  const buyerOf = (request: FastifyRequest): payments.Buyer => {
    const { userId, role } = authOf(request);
    return { userId, role: role === 'peer' ? 'peer' : 'learner' };
  };

  // Only the public key id leaves the server, never the key secret.
  app.get(
    '/api/images',
    { schema: { tags: ['payments'], response: { 200: z.object({ key_id: z.string(), provider: z.string(), checkoutScriptUrl: z.string() }) } } },
    async () => ({ key_id: ctx.payments.keyId, provider: ctx.payments.name, checkoutScriptUrl: ctx.payments.checkoutScriptUrl }),
  );

  const provider = ctx.payments.name;
  // Each order is a call to the provider: a script creating them in a loop is cut off per address.
  const perIpLimit = { rateLimit: { max: ctx.config.orderRateLimitPerMinute, timeWindow: '1 minute' } };
  app.post(
    `/api/${provider}/capture`,
    { config: perIpLimit, onRequest: asBuyer, schema: { tags: ['payments'], body: capturePayload, response: { 200: captureResponse } } },
    async (request) => payments.createOrder(ctx, buyerOf(request), request.body),
  );

  app.post(
    `/api/${provider}/capture-auth-less`,
    { config: perIpLimit, schema: { tags: ['payments'], body: capturePayload, response: { 200: captureResponse } } },
    async (request) => payments.createOrder(ctx, null, request.body),
  );

  app.post(
    '/api/payments/verify',
    { onRequest: buyerIfSignedIn, schema: { tags: ['payments'], body: verifyPaymentPayload, response: { 200: verifyPaymentResponse } } },
    async (request) => payments.verifyPayment(ctx, buyerOrNull(request), request.body, request.log),
  );

  app.post(
    '/api/payments/order-status',
    { onRequest: buyerIfSignedIn, schema: { tags: ['payments'], body: orderStatusPayload, response: { 200: z.object({ orderid: z.string(), status: z.string() }) } } },
    async (request) => payments.updateOrderStatus(ctx, buyerOrNull(request), request.body),
  );

  // The buyer's own card payments (a peer's plans too): what money went where.
  app.get(
    '/api/payments/mine',
    {
      onRequest: asBuyer,
      schema: {
        tags: ['payments'],
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: cardPaymentsResponse },
      },
    },
    async (request) => payments.listMyPayments(ctx, authOf(request).userId, request.query),
  );

  /** A delivery, verified over its raw body: from the provider through the route below, or the sandbox's own. */
  const takeWebhook: WebhookTaker = (rawBody, header, log) => {
    const event = ctx.payments.parseWebhook(rawBody, header('x-razorpay-signature'), header('x-razorpay-event-id'));
    if (!event) throw new AppError('PAYMENT_INVALID', 'Webhook signature does not verify.');
    return payments.handleWebhook(ctx, event, log);
  };
  // This scope keeps JSON bodies as text.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/api/payments/webhook', { schema: { tags: ['payments'], hide: true } }, async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      return takeWebhook(String(request.body ?? ''), header, request.log);
    });
  });

  if (ctx.sandbox) await registerSandboxCheckout(app, ctx, takeWebhook);
};

type WebhookTaker = (rawBody: string, header: (name: string) => string | undefined, log: AfterCommitLog) => ReturnType<typeof payments.handleWebhook>;

/** The sandbox provider's side: its checkout script and the dialog's Pay / Fail buttons. */
async function registerSandboxCheckout(app: Parameters<FastifyPluginAsyncZod>[0], ctx: AppContext, takeWebhook: WebhookTaker) {
  const sandbox = ctx.sandbox!;
  // Handed to the route's handler in the process (not through app.inject, which waits for the start
  // that waits for these); a failure is a delivery to try again, as the real provider treats a non-200.
  sandbox.setWebhookSink(async (rawBody, headers) => {
    try {
      await takeWebhook(rawBody, (name) => headers[name], app.log);
    } catch (error) {
      app.log.error({ err: error }, 'sandbox webhook was refused; it is sent again later');
      throw error;
    }
  });
  // The start waits for them, so the first answer after a crash already shows a payment it cut off.
  app.addHook('onReady', () => sandbox.sendUnsentWebhooks());

  app.get('/api/payments/sandbox/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(checkoutScript),
  );

  app.post(
    '/api/payments/sandbox/settle',
    {
      onRequest: app.requireRole('learner', 'peer'),
      schema: {
        tags: ['payments'],
        body: z.discriminatedUnion('outcome', [
          z.object({ orderId: providerIdSchema, outcome: z.literal('success') }),
          z.object({ orderId: providerIdSchema, outcome: z.literal('failure'), errorCode: singleLineText(40), description: singleLineText(120) }),
        ]),
      },
    },
    // Only the learner (or peer account) who owns the order can "pay" it: an order id alone settles nothing.
    async (request) => payments.settleSandboxOrder(ctx, sandbox, authOf(request).userId, request.body),
  );
}
