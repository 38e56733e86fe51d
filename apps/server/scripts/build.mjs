// `npm run build -w @parley/server`: bundles the server into dist/ so production runs plain
// JavaScript on `node` (no tsx, no TypeScript at run time).
//   dist/main.js   the server (src/main.ts)
//   dist/seed.js   `npm run seed` (src/db/seed/run.ts)
//   dist/seed-media/  the demo catalogue's committed videos and covers (src/db/seed/media)
// @parley/domain is TypeScript source, so it is bundled in. Every other package stays an import
// resolved from node_modules at run time (native and wasm packages such as @node-rs/argon2 and
// @electric-sql/pglite must load from their own folders), and the build fails if one of them is
// not in this package's `dependencies`, where `npm prune --omit=dev` would keep it.
import { cp, readFile, rename, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(serverRoot, 'dist');
// Built beside dist/ and swapped in at the end, so a server starting meanwhile (another person's
// e2e run in the same tree) never sees a half-written dist/.
const outdir = path.join(serverRoot, `dist.building-${process.pid}`);
const bundledPackages = /^@parley\//;

/** Bare imports stay external, except the workspace packages shipped as TypeScript source. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || bundledPackages.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** 'drizzle-orm/pglite/migrator' → 'drizzle-orm'; '@fastify/static' → '@fastify/static'. */
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const startedAt = performance.now();
const result = await esbuild.build({
  absWorkingDir: serverRoot,
  entryPoints: { main: path.join(serverRoot, 'src/main.ts'), seed: path.join(serverRoot, 'src/db/seed/run.ts') },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
}).catch(async () => {
  // esbuild has already printed what went wrong.
  await rm(outdir, { recursive: true, force: true });
  process.exit(1);
});

const { dependencies = {} } = JSON.parse(await readFile(path.join(serverRoot, 'package.json'), 'utf8'));
const builtins = new Set(builtinModules);
const imported = new Set(
  Object.values(result.metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.external && !entry.path.startsWith('node:') && !builtins.has(entry.path))
    .map((entry) => packageName(entry.path)),
);
const missing = [...imported].filter((name) => !(name in dependencies)).sort();
if (missing.length) {
  await rm(outdir, { recursive: true, force: true });
  console.error(`the server imports packages missing from apps/server/package.json "dependencies": ${missing.join(', ')}`);
  process.exit(1);
}
// The seed reads its media from beside the bundle (courses-seed.ts, seedMediaDir).
await cp(path.join(serverRoot, 'src/db/seed/media'), path.join(outdir, 'seed-media'), { recursive: true });
await rm(distDir, { recursive: true, force: true });
await rename(outdir, distDir);

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(`server built into apps/server/dist (${(bytes / 1024).toFixed(0)} KB of JavaScript, ${imported.size} runtime packages) in ${Math.round(performance.now() - startedAt)} ms`);
