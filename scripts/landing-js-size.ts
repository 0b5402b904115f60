/**
 * How much JavaScript the landing page (/) downloads, gzipped: the entry chunk that index.html
 * loads, every chunk it imports statically, the HomePage chunk with its static imports, and the
 * texts it loads at start (the English common and public namespaces, each a small chunk). Other
 * lazy chunks are not counted: they are what the landing page must not need.
 *
 *   npm run build -w @poisha/web && node --import tsx scripts/landing-js-size.ts [--json] [--max-bytes N] [--dist DIR]
 *
 * It reads apps/web/dist (or DIR): index.html and Vite's manifest (build.manifest in apps/web/vite.config.ts).
 * With --max-bytes it exits with status 1 when the total is above the budget, for CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, 'max-bytes': { type: 'string' }, dist: { type: 'string' } } });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = values.dist ? path.resolve(values.dist) : path.join(root, 'apps', 'web', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const HOME_PAGE = 'src/features/public/pages/HomePage.tsx';
/** The namespaces lib/i18n.ts loads before the first render (STARTUP_NAMESPACES), in English. */
const STARTUP_TEXTS = ['src/locales/en/common.json', 'src/locales/en/public.json'];

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!fs.existsSync(manifestPath)) fail(`No ${path.relative(root, manifestPath)}: run "npm run build -w @poisha/web" first (build.manifest must be on).`);
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The module scripts and module preloads index.html itself names, as dist-relative paths. */
const fromHtml = [...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+)"/g)].map((match) => match[1] ?? '');

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
if (!entryKey) fail('The manifest has no index.html entry.');
if (!manifest[HOME_PAGE]) fail(`The manifest has no chunk for ${HOME_PAGE}: is the home page still a lazy route?`);

/** A chunk and everything it imports statically, each once (the browser downloads each once). */
function staticClosure(key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) fail(`The manifest names ${key} but has no entry for it.`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
}

const keys = new Set<string>();
staticClosure(entryKey, keys);
const entryKeys = new Set(keys);
staticClosure(HOME_PAGE, keys);
const textKeys = new Set<string>();
// Before the texts were split (one bundle of every language), the manifest has no such chunks.
for (const key of STARTUP_TEXTS) if (manifest[key]) staticClosure(key, textKeys);
for (const key of textKeys) keys.add(key);

const files = new Set([...keys].map((key) => manifest[key]?.file ?? ''));
// index.html may preload more than the manifest's closure says (it should not): count those too.
for (const file of fromHtml) if (file.endsWith('.js')) files.add(file);

const rows = [...files]
  .map((file) => {
    const bytes = fs.readFileSync(path.join(dist, file));
    const owner = (group: Set<string>) => [...group].some((key) => manifest[key]?.file === file);
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, from: owner(entryKeys) ? 'entry' : owner(textKeys) ? 'texts' : 'home' };
  })
  .sort((a, b) => b.gzip - a.gzip);

const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
/** Results go to standard output, so they can be piped; problems go to standard error. */
const print = (line: string) => process.stdout.write(`${line}\n`);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

if (values.json) {
  print(JSON.stringify({ files: rows, total }, null, 2));
} else {
  print(`JavaScript the landing page (/) loads, from ${path.relative(root, dist) || dist}:`);
  for (const row of rows) print(`  ${row.file.padEnd(44)} ${kB(row.raw).padStart(10)} min ${kB(row.gzip).padStart(10)} gzip  (${row.from})`);
  print(`  ${'total'.padEnd(44)} ${kB(total.raw).padStart(10)} min ${kB(total.gzip).padStart(10)} gzip`);
  print(`landing-js-gzip-bytes ${total.gzip}`);
}

const budget = values['max-bytes'] === undefined ? null : Number(values['max-bytes']);
if (budget !== null && total.gzip > budget) {
  console.error(`Over budget: ${total.gzip} gzipped bytes > ${budget}.`);
  process.exit(1);
}
