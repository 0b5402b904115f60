/**
 * Writes a gzip (.gz) and a Brotli (.br) copy beside every text file of the build (scripts,
 * styles, pages, SVG, the manifest), once, at build time. The server sends the copy the browser
 * accepts (apps/api/src/web/static-web.ts, @fastify/static's preCompressed) and the file itself to
 * a browser that accepts neither: a phone on a slow network downloads the app's entry in about a
 * third of its size, and the server never compresses on a request.
 *
 *   vite build && ... && node --import tsx scripts/prerender.ts && node --import tsx scripts/compress.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// npm run build passes the build's own folder (scripts/start/web-build-switch.ts).
const dist = process.env.WEB_BUILD_OUT_DIR ?? path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

function* files(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    // .vite holds the build manifest, read from disk by scripts, never served.
    if (entry.isDirectory() && entry.name !== '.vite') yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file)) continue;
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const gzip = gzipSync(body, { level: 9 });
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  // A copy that is not smaller is not worth a second file.
  if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip);
  if (brotli.length < body.length) fs.writeFileSync(`${file}.br`, brotli);
  count += 1;
  before += body.length;
  after += Math.min(brotli.length, body.length);
}
process.stdout.write(`compressed ${count} files: ${(before / 1000).toFixed(1)} kB -> ${(after / 1000).toFixed(1)} kB with Brotli\n`);
