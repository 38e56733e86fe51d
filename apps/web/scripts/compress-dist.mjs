// Writes .br and .gz next to every text asset in dist so the server can send them
// precompressed (@fastify/static preCompressed) instead of compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const compressible = /\.(js|css|html|svg|json|txt|map)$/;
const minBytes = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // dist/.ssr is the server's renderer, read from disk and never sent.
    if (entry.isDirectory()) {
      if (entry.name !== '.ssr') yield* files(full);
    }
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(dist)) {
  const body = await readFile(file);
  if (body.length < minBytes) continue;
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), dist) || 'dist'}`);
