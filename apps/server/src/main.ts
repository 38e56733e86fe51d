import { buildApp } from './app';
import { closeContext, createContext } from './bootstrap';
import { loadConfig } from './config';
import { seedIfWanted } from './db/seed/seed';

const config = loadConfig();
const ctx = await createContext(config);
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
