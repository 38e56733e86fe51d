import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorBody } from '@parley/domain/errors';
import { rateLimitedMessage } from '@parley/domain/limits';
import { plainZodMessage } from '@parley/domain/zod-messages';
import { pgErrorCode } from '../lib/pg-errors';
import { AppError } from './app-error';

/**
 * SQLSTATE class 22 ("data exception"): the database refused a value the request carried. The
 * schemas are the first line against these; this is the safety net, so the answer is a 400.
 */
export const badInputMessages: Record<string, string> = {
  '22P02': 'A value is not in the expected format.',
  '22021': 'Text contains characters that are not allowed.',
  '22001': 'A value is too long.',
  '22003': 'A number is out of range.',
  '22007': 'A date or time is not valid.',
  '22008': 'A date or time is out of range.',
  '22000': 'A value is not valid.',
};
const notFoundMessage = 'Nothing was found at this address.';

const badInputMessage = (sqlState: string | undefined) =>
  sqlState?.startsWith('22') ? (badInputMessages[sqlState] ?? badInputMessages['22000']) : undefined;

/** One place maps every failure to `{ code, message, fields? }`; 5xx text never leaves. */
export function registerErrorHandler(app: FastifyInstance): void {
  // A check with no message of its own says what to send in plain words, not zod's (process-wide,
  // so the sockets' refusals read the same).
  z.config({ customError: plainZodMessage });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Ours to look into (a store that does not answer): the log keeps what failed underneath.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error, code: error.code }, 'request failed');
      const body: ErrorBody = { code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An address whose id is malformed names nothing, as one with an id nobody has: a link cut short
      // or mistyped gets the page's not-found answer, not the validator's words ("id: Invalid UUID").
      if (error.validationContext === 'params') return reply.status(404).send({ code: 'NOT_FOUND', message: notFoundMessage } satisfies ErrorBody);
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      // The first field's words, as a person reads them; `fields` names which field (a body or query
      // wrong as a whole is keyed "_").
      const message = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message, fields } satisfies ErrorBody);
    }
    const sqlState = pgErrorCode(error);
    const badInput = badInputMessage(sqlState);
    if (badInput) {
      // A warning, not an error: the request was wrong, yet a schema let it through.
      request.log.warn({ sqlState, url: request.routeOptions.url }, 'database refused a request value');
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: badInput } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      // The limit has set Retry-After: the text says how long that is (an hourly form limit is not "a minute").
      return reply.status(429).send({ code: 'RATE_LIMITED', message: rateLimitedMessage(Number(reply.getHeader('retry-after'))) });
    }
    if (status < 500) {
      // The framework's own refusals (invalid JSON, unsupported content type, body too large)
      // keep their status and text under one code of ours; FST_* codes are not the client's.
      return reply.status(status).send({ code: 'BAD_REQUEST', message: error.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
