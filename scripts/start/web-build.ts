/**
 * The web build, run by `npm run build` and `npm start`:
 *   build     (npm run build) build the web app into a fresh folder, stamp it with the hash of its
 *             sources, then switch dist to it in one step (web-build-switch.ts, decision 0038)
 *   if-stale  (npm start) run `npm run build` only when there is no build or the sources changed
 * dist is WEB_DIST_DIR when set, as for the server, else apps/web/dist.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkWebBuild } from './web-build-stamp.js';
import { buildWebApp } from './web-build-switch.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const command = process.argv[2];
const distLink = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps', 'web', 'dist');

if (command === 'build') {
  const folder = buildWebApp(root, distLink, (outDir) => {
    const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', '@poisha/web'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WEB_BUILD_OUT_DIR: outDir },
    });
    return result.status === 0;
  });
  // A failed build: dist still points to the last good one.
  if (folder === null) process.exit(1);
  process.stdout.write(`The web app is built in ${path.relative(root, folder)}; ${path.relative(root, distLink)} points to it.\n`);
} else if (command === 'if-stale') {
  const { decision } = checkWebBuild(root, distLink);
  if (!decision.build) {
    process.stdout.write('The web app is already built from the current sources: not rebuilding.\n');
  } else {
    process.stdout.write(`Building the web app: ${decision.reason}.\n`);
    const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
} else {
  console.error('usage: node --import tsx scripts/start/web-build.ts build|if-stale');
  process.exit(2);
}
