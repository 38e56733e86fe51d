import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget },
  '/room': { target: apiTarget },
  '/socket.io': { target: apiTarget, ws: true },
};

// Chunking. Left alone, Rolldown gives every set of pages that share a module its own chunk, so a
// lazy page arrives in many small pieces: the public catalogue (/courses) fetched 20-odd scripts,
// six at a time over HTTP/1.1, before it could ask for its courses. The groups below gather what
// such pages load into a few chunks. Nothing the landing page loads (the entry and the app's static
// imports and what those import lazily: toasts, the trial price) is ever grouped, so its chunks and its 120 KB
// budget stay exactly as they are.
type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type ChunkingContext = { getModuleInfo(id: string): ModuleInfo | null };

const sourceFile = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const entryModule = sourceFile('./src/main.tsx');
/** The app the entry imports once the page has painted: the landing page loads it too. */
const startModule = sourceFile('./src/app/start.tsx');
/** The router's dynamic imports are the pages, not the landing page's own lazy parts. */
const routerModule = sourceFile('./src/app/router.tsx');
/** The public catalogue's route modules: their own code (courses feature, route wrappers) goes in one chunk. */
const catalogueRoutes = [sourceFile('./src/app/routes/courses-with-wallet-page.tsx'), sourceFile('./src/app/routes/ai-courses-with-wallet-page.tsx')];
/** The catalogue's first request, sent by the router before that chunk arrives: it stays a chunk of its own. */
const catalogueRequest = sourceFile('./src/features/courses/api/catalogue-request.ts');

/**
 * index.html runs early-actions.js inline, before the page's markup, so a press made before the
 * app's code has run is kept (the server allows the script by its hash). Its comment lines and
 * indentation are left out of the page.
 */
const inlineEarlyActions = {
  name: 'parley-inline-early-actions',
  transformIndexHtml: () => {
    const source = readFileSync(sourceFile('./src/app/early-actions.js'), 'utf8');
    const lines = source.split('\n').map((line) => line.trim());
    const children = lines.filter((line) => line && !line.startsWith('//')).join('\n');
    return [{ tag: 'script', children, injectTo: 'head' as const }];
  },
};

const zodPackage = /[\\/]node_modules[\\/]zod[\\/]/;
/** The domain's base wire schemas (money, text) that every other schema builds on. */
const baseSchemas = /[\\/]packages[\\/]domain[\\/]src[\\/](money-schema|text)\.ts$/;
const queryPackages = /[\\/]node_modules[\\/]@tanstack[\\/]/;
const sharedUi = /[\\/]apps[\\/]web[\\/]src[\\/]shared[\\/]ui[\\/]/;
const coursesCode = /[\\/]apps[\\/]web[\\/]src[\\/](features[\\/]courses|app[\\/]routes)[\\/]/;

function staticClosure(ctx: ChunkingContext, from: string, into = new Set<string>()): Set<string> {
  if (into.has(from)) return into;
  into.add(from);
  for (const id of ctx.getModuleInfo(from)?.importedIds ?? []) staticClosure(ctx, id, into);
  return into;
}

function chunkGroups() {
  let landing: Set<string> | null = null;
  let catalogue: Set<string> | null = null;
  let request: Set<string> | null = null;
  const leafUi = new Map<string, boolean>();

  /** What the landing page loads: the entry and the app with their static imports, and what those import lazily (pages aside). */
  const landingModules = (ctx: ChunkingContext) => {
    if (landing) return landing;
    const initial = staticClosure(ctx, startModule, staticClosure(ctx, entryModule));
    landing = new Set(initial);
    for (const id of initial) {
      if (id === routerModule) continue;
      for (const lazyId of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) staticClosure(ctx, lazyId, landing);
    }
    return landing;
  };

  /** A shared component that imports nothing beyond the landing's modules and other such components. */
  const isLeafUi = (ctx: ChunkingContext, id: string): boolean => {
    if (!sharedUi.test(id)) return false;
    const known = leafUi.get(id);
    if (known !== undefined) return known;
    leafUi.set(id, true);
    const leaf = (ctx.getModuleInfo(id)?.importedIds ?? []).every((dep) => landingModules(ctx).has(dep) || isLeafUi(ctx, dep));
    leafUi.set(id, leaf);
    return leaf;
  };

  const name = (id: string, ctx: ChunkingContext): string | null => {
    if (landingModules(ctx).has(id)) return null;
    if (zodPackage.test(id) || baseSchemas.test(id)) return 'schemas';
    if (queryPackages.test(id)) return 'query';
    if (isLeafUi(ctx, id)) return 'ui';
    if (!coursesCode.test(id)) return null;
    request ??= staticClosure(ctx, catalogueRequest);
    if (request.has(id)) return 'course-catalogue-request';
    catalogue ??= catalogueRoutes.reduce((into, route) => staticClosure(ctx, route, into), new Set<string>());
    return catalogue.has(id) ? 'course-catalogue' : null;
  };
  // Each group holds only the modules named above; their other imports keep their own chunks.
  return [{ debugName: 'page groups', name, includeDependenciesRecursively: false }];
}

// `vite build --ssr src/entry-server.tsx` writes the server's renderer of the public pages into
// dist/.ssr (a dot folder, which the server never serves): self-contained (every package bundled
// in), so a copy of dist runs wherever it is put.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), inlineEarlyActions],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', emptyOutDir: true, copyPublicDir: false, sourcemap: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // dist/.vite/manifest.json: the server names a page's chunks in its HTML response (modulepreload).
        manifest: true,
        // No preload link per import of a lazy chunk: the browser finds the imports in the chunk
        // itself, while appending the links (up to 30 for a form) cost a slow phone a long task
        // each time a lazy part arrived. The pages' own chunks are named by the server instead.
        modulePreload: false,
        rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
      },
}));
