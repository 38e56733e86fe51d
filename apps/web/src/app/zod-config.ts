import { z } from 'zod';

// Imported first by start.tsx, before any module builds a schema. Zod compiles its object parsers
// with `new Function` after probing for it; the page's CSP forbids eval, so the probe only put a
// violation report in the console on every load. Told not to compile, it never probes.
z.config({ jitless: true });
