import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const NS_PER_MS = 1e6;

export const processMetricsResponse = z.object({
  uptimeSeconds: z.number(),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number(), heapTotalBytes: z.number(), externalBytes: z.number() }),
  /** Event-loop delay since the previous read (or the start), sampled every 10 ms. */
  eventLoopDelayMs: z.object({ p50: z.number(), p99: z.number(), max: z.number(), mean: z.number(), sinceSeconds: z.number() }),
});

/**
 * GET /api/moderator/process: this node's memory and event-loop delay, for the moderators (and
 * the soak bench). Each read starts a new event-loop window, so a poller gets the delay between
 * its own reads.
 */
export function registerProcessMetrics(app: FastifyInstance): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let windowStart = performance.now();
  app.addHook('onClose', async () => delay.disable());
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/moderator/process',
    { onRequest: app.requireRole('moderator'), schema: { tags: ['moderation'], response: { 200: processMetricsResponse } } },
    async () => {
      const memory = process.memoryUsage();
      // An empty window (no sample yet) reports zeros, not the histogram's sentinel values.
      const sampled = delay.count > 0;
      const figures = {
        uptimeSeconds: process.uptime(),
        memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal, externalBytes: memory.external },
        eventLoopDelayMs: {
          p50: sampled ? delay.percentile(50) / NS_PER_MS : 0,
          p99: sampled ? delay.percentile(99) / NS_PER_MS : 0,
          max: sampled ? delay.max / NS_PER_MS : 0,
          mean: sampled ? delay.mean / NS_PER_MS : 0,
          sinceSeconds: (performance.now() - windowStart) / 1000,
        },
      };
      delay.reset();
      windowStart = performance.now();
      return figures;
    },
  );
}
