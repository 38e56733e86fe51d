import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Vite's build manifest (`dist/.vite/manifest.json`): for each chunk, its file and the chunks it
 * imports statically and dynamically. The server reads it to name a page's chunks in the HTML
 * response, so the browser fetches them with the app instead of after the app has run.
 */
export type WebManifest = Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

export function readWebManifest(webDist: string): WebManifest | null {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as WebManifest;
}

/**
 * The files (root-relative URLs) of what a page loads before any interaction: the entry with its
 * static imports, then the app it imports once the page has painted (main.tsx) with its static
 * imports.
 */
export const entryChunkFiles = (manifest: WebManifest): string[] => [...entryChunks(manifest)].map((key) => `/${manifest[key]!.file}`);

/**
 * The files (root-relative URLs) of the chunks named `names` (the build's chunk group names) and
 * of everything they import statically, less what the entry loads anyway (entryChunkFiles).
 * Names the build does not have are skipped.
 */
export function chunkFilesBeyondEntry(manifest: WebManifest, names: readonly string[]): string[] {
  const entry = entryChunks(manifest);
  const wanted = withStaticImports(manifest, names.flatMap((name) => Object.keys(manifest).filter((key) => manifest[key]!.name === name)));
  return [...wanted].filter((key) => !entry.has(key)).map((key) => `/${manifest[key]!.file}`);
}

function entryChunks(manifest: WebManifest): Set<string> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  return withStaticImports(manifest, [...entries, ...entries.flatMap((key) => manifest[key]!.dynamicImports ?? [])]);
}

/** The chunks `keys` and everything they import statically, in the order first reached. */
function withStaticImports(manifest: WebManifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    withStaticImports(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}
