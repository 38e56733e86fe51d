import { buildApp } from './app';
import { closeContext, createContext } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { seedIfWanted } from './db/seed/seed';

/** A wrong setting stops the start with its own words, not a stack trace. */
async function orStop<T>(start: () => T | Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = await orStop(() => loadConfig());
const ctx = await orStop(() => createContext(config));
await seedIfWanted(ctx.db, ctx.media, config.seedDemo);
const app = await buildApp(ctx);
await app.listen({ host: config.host, port: config.port });
app.log.info(`Parley is running on ${config.publicUrl} (database: ${ctx.database.mode}, payments: ${config.paymentProvider})`);
if (config.nodeEnv === 'production' && config.paymentProvider === 'sandbox') {
  app.log.warn('PAYMENT_PROVIDER=sandbox in production: payments are simulated and no money is taken');
}

// Graceful shutdown: stop taking connections, finish in-flight requests, close the database.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await closeContext(ctx);
    process.exit(0);
  });
}
