// `npm run seed`: adds the demo data to the configured database (idempotent).
import { closeContext, createContext } from '../../bootstrap';
import { loadConfig } from '../../config';
import { seedDemoData } from './seed';

const ctx = await createContext(loadConfig());
await seedDemoData(ctx.db, ctx.media);
await closeContext(ctx);
console.log(`Demo data is in place (${ctx.database.mode}).`);
