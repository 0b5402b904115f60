import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../../../scripts/start/web-build-switch.js';
import { freePort, repoRoot, ServerProcess, sleep } from '../test/server-process.js';

/**
 * A server runs while the web app is rebuilt (`npm run build`'s web step, decision 0038): it keeps
 * answering every page, then serves the new build, and its readiness says whether a complete web
 * build is there.
 */
const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-rebuild-'));
  dirs.push(dir);
  return dir;
};

/** A small complete build, made the way `npm run build` makes one (its own folder, dist switched to it). */
function fakeBuild(distLink: string, marker: string): void {
  buildWebApp(repoRoot, distLink, (folder) => {
    fs.writeFileSync(path.join(folder, 'index.html'), `<!doctype html><title>Poisha</title><div id="root"></div><!-- ${marker} -->`);
    return true;
  });
}

async function startServer(distLink: string): Promise<ServerProcess> {
  const server = new ServerProcess({ port: await freePort(), dataDir: tempDir(), env: { WEB_DIST_DIR: distLink } });
  servers.push(server);
  await server.start();
  return server;
}

describe('the web build under a running server', () => {
  it('readiness says not ready while dist holds no complete build, and ready again once one is switched in', async () => {
    const dist = path.join(tempDir(), 'dist');
    fakeBuild(dist, 'build A');
    const server = await startServer(dist);
    expect((await fetch(`${server.base}/api/health/ready`)).status).toBe(200);

    fs.rmSync(dist);
    const notReady = await fetch(`${server.base}/api/health/ready`);
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { error: { message: string } }).error.message).toMatch(/web app is not built/);
    // The probe the scripts use says the same.
    expect((await fetch(`${server.base}/api/health`)).status).toBe(503);

    fakeBuild(dist, 'build B');
    expect((await fetch(`${server.base}/api/health/ready`)).status).toBe(200);
    expect(await (await fetch(`${server.base}/`)).text()).toContain('build B');
  });

  it('answers / with 200 throughout a real rebuild, then serves the new build and its scripts', async () => {
    const dist = path.join(tempDir(), 'dist');
    fakeBuild(dist, 'build before the rebuild');
    const server = await startServer(dist);

    const answers: { path: string; status: number }[] = [];
    let rebuilding = true;
    const poll = (async () => {
      // Keeps polling a moment after the build ends: the switch happens at its very end.
      let after = 0;
      while (rebuilding || after++ < 10) {
        for (const pagePath of ['/', '/dashboard', '/api/health/ready']) {
          const response = await fetch(`${server.base}${pagePath}`);
          answers.push({ path: pagePath, status: response.status });
          await response.arrayBuffer();
        }
        await sleep(20);
      }
    })();

    const build = spawn(process.execPath, ['--import', 'tsx', 'scripts/start/web-build.ts', 'build'], {
      cwd: repoRoot,
      env: { ...process.env, WEB_DIST_DIR: dist },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    build.stdout.on('data', (chunk) => (output += String(chunk)));
    build.stderr.on('data', (chunk) => (output += String(chunk)));
    const code = await new Promise<number | null>((resolve) => build.on('exit', resolve));
    rebuilding = false;
    await poll;
    expect(code, output).toBe(0);

    // Polled all along (a build takes seconds), and never anything but 200.
    expect(answers.length).toBeGreaterThan(30);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);

    // The new build is served, and the scripts its page names load (files made after the server started).
    const page = await (await fetch(`${server.base}/dashboard`)).text();
    expect(page).not.toContain('build before the rebuild');
    const scripts = [...page.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect((await fetch(`${server.base}${script}`)).status, script).toBe(200);
  }, 240_000);
});
