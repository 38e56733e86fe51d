import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

export const CLIENT_HEADER = 'x-parley-client';
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cross-site form cannot set a custom header without a CORS preflight we never grant, so
 * requiring one on every state-changing call keeps other sites from acting for a user
 * on their behalf. Provider webhooks authenticate by signature instead and are exempt.
 */
export function registerCsrfGuard(app: FastifyInstance, exemptPrefixes: string[]): void {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const url = request.url;
    if (exemptPrefixes.some((prefix) => url.startsWith(prefix))) return;
    if (!request.headers[CLIENT_HEADER]) {
      throw new AppError('CSRF_HEADER_MISSING', 'This request must come from the Parley app.');
    }
  });
}
