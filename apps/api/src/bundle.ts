/**
 * `npm run build:server`: the server as one JavaScript file, `apps/api/dist/server.js`, for
 * production (`npm run start:prod`, the Docker image) and the benchmark (decision 0023). Our own code
 * and @poisha/contracts are bundled; every npm package stays an import resolved from node_modules at
 * run time, so native modules work and heavy ones still load on first use. Running the bundle
 * instead of the TypeScript through tsx saves the loader's thread and the transformed sources:
 * about 45 MB of memory and a quarter of the start-up time. The WAL checkpoint worker is an entry of
 * its own, `apps/api/dist/wal-checkpoint-worker.js`, which the server starts as a worker thread
 * (decision 0027). The PostgreSQL functions' `.sql` files are copied to `apps/api/dist/functions`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { DATABASE_FUNCTIONS_FOLDER } from './db/database-functions.js';
import { CHECKPOINT_WORKER_MODULE } from './db/wal-checkpointer.js';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = path.join(apiDir, '..', '..');

/** Where the bundle is written: two levels under the repository, like `src/`, so `../../web/dist` still finds the web app. */
export const serverBundleFile = path.join(apiDir, 'dist', 'server.js');

/** Every package the server and the contracts depend on, which stays outside the bundle. */
function npmPackages(): string[] {
  const manifests = ['package.json', 'apps/api/package.json', 'packages/contracts/package.json'].map(
    (file) => JSON.parse(fs.readFileSync(path.join(repoDir, file), 'utf8')) as Record<string, Record<string, string> | undefined>,
  );
  const names = manifests.flatMap((manifest) => Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }));
  return [...new Set(names)].filter((name) => !name.startsWith('@poisha/'));
}

export async function bundleServer(): Promise<string> {
  fs.rmSync(path.dirname(serverBundleFile), { recursive: true, force: true });
  await build({
    // The worker beside the server: wal-checkpointer.ts starts it from there.
    entryPoints: { server: path.join(apiDir, 'src', 'server.ts'), [CHECKPOINT_WORKER_MODULE]: path.join(apiDir, 'src', 'db', `${CHECKPOINT_WORKER_MODULE}.ts`) },
    outdir: path.dirname(serverBundleFile),
    bundle: true,
    // Code the server imports on first use (PDFs, images, mail) stays in chunks of its own, imported
    // when first needed, with the packages it imports: one file would load them all at start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: npmPackages(),
    sourcemap: 'linked',
    // Stack traces point into the TypeScript sources (node --enable-source-maps is set by start:prod).
    sourcesContent: false,
    // `require` for the CommonJS helpers some modules use (createRequire in an ES module).
    banner: { js: "import { createRequire as poishaCreateRequire } from 'node:module'; const require = poishaCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  // The PostgreSQL functions' .sql files, which migrations read at run time (db/database-functions.ts);
  // the folder is made afresh, so a file removed from the sources is not left behind.
  fs.rmSync(path.join(path.dirname(serverBundleFile), DATABASE_FUNCTIONS_FOLDER), { recursive: true, force: true });
  fs.cpSync(path.join(apiDir, 'src', 'db', DATABASE_FUNCTIONS_FOLDER), path.join(path.dirname(serverBundleFile), DATABASE_FUNCTIONS_FOLDER), { recursive: true });
  return serverBundleFile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = await bundleServer();
  process.stdout.write(`server bundle: ${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)\n`);
}
