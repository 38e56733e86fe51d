import { z } from 'zod';
import { plainZodMessage } from '@parley/domain/zod-messages';

// Loaded by main.tsx before the app (start.tsx), whose chunks build schemas as they load: Zod
// compiles its object parsers with `new Function` after probing for it when the first one is
// built; the page's CSP forbids eval, so the probe only put a violation report in the console on
// every load. Told not to compile, it never probes. (Imported from start.tsx instead, the bundle
// ran it after the shared chunks start.tsx imports, which had built their schemas already.)
// A check with no message of its own says what to enter in plain words, not zod's.
z.config({ jitless: true, customError: plainZodMessage });
