import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** How long a dependency may take to answer before the node says it is not ready. */
const READY_CHECK_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'down' | 'none';

async function answers(probe: () => Promise<unknown>): Promise<Check> {
  const timedOut = sleep(READY_CHECK_TIMEOUT_MS, 'down' as const, { ref: false });
  return Promise.race([probe().then(() => 'ok' as const, () => 'down' as const), timedOut]);
}

/**
 * GET /api/ready, for a load balancer's readiness check: 200 while the database answers, 503
 * otherwise, so traffic goes to another node. Redis is reported, not required: every node shares
 * it, and without it a node still serves (limits count per node, caches expire by their age), so
 * draining every node at once would only make an outage whole. /api/health stays the cheap
 * liveness check: the process answers.
 */
export function registerReadiness(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    const [db, redis] = await Promise.all([
      answers(() => ctx.db.execute(sql`select 1`)),
      ctx.redis ? answers(() => ctx.redis!.ping()) : Promise.resolve<Check>('none'),
    ]);
    const ready = db === 'ok';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', db, redis });
  });
}
