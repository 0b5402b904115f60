/**
 * The web build's bookkeeping, run by npm around `npm run build` and by `npm start`:
 *   hash      (prebuild)  remember the hash of the sources about to be built
 *   stamp     (postbuild) write it beside the build that succeeded
 *   if-stale  (npm start) run `npm run build` only when there is no build or the sources changed
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { checkWebBuild, rememberSourcesHash, stampBuild } from './web-build-stamp.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const command = process.argv[2];

if (command === 'hash') {
  rememberSourcesHash(root);
} else if (command === 'stamp') {
  stampBuild(root);
} else if (command === 'if-stale') {
  const { decision } = checkWebBuild(root);
  if (!decision.build) {
    process.stdout.write('The web app is already built from the current sources: not rebuilding.\n');
  } else {
    process.stdout.write(`Building the web app: ${decision.reason}.\n`);
    const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
} else {
  console.error('usage: node --import tsx scripts/start/web-build.ts hash|stamp|if-stale');
  process.exit(2);
}
