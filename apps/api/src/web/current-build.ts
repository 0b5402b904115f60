import fs from 'node:fs';
import path from 'node:path';
import { readPrerenderedPages, type PrerenderedPages } from './prerendered.js';
import { readBuildManifest, type BuildManifest } from './shell-preloads.js';

/** One complete build of the web app, read from the folder the dist link pointed to when it was read. */
export interface WebBuild {
  /** The build's own folder (the dist link resolved): every file of one answer comes from it. */
  dir: string;
  /** Its index.html, read once per build. */
  shell: string;
  prerendered: PrerenderedPages | null;
  /** Vite's manifest: which files a signed-in page preloads (shell-preloads.ts). */
  manifest: BuildManifest | null;
}

export interface CurrentWebBuild {
  /** The build dist points to now, or null when there is no complete build there. */
  current(): WebBuild | null;
  /** Whether this server should have a web build (readiness fails without one when it should). */
  readonly expected: boolean;
}

/**
 * The web build a running server serves, looked up on each request rather than once at start:
 * `npm run build` writes each build to a fresh folder and then switches the dist link to it in one
 * rename (scripts/start/web-build-switch.ts, decision 0038), so a request sees the old build or the
 * new one, never a half-written or emptied folder. Resolving the link is one system call; a build's
 * index.html and page list are read once, when the link first points to it.
 *
 * `expected`: production always serves a web build, and so does a server whose dist was set
 * (WEB_DIST_DIR) or existed at start; a development API started without one (`npm run dev`, the API
 * tests) serves none and its readiness ignores it.
 */
export function createCurrentWebBuild(distDir: string | null, { expected }: { expected: boolean }): CurrentWebBuild {
  let cached: (WebBuild & { indexMtimeMs: number }) | null = null;
  return {
    expected,
    current() {
      if (distDir === null) return null;
      let dir: string;
      let indexMtimeMs: number;
      try {
        dir = fs.realpathSync(distDir);
        indexMtimeMs = fs.statSync(path.join(dir, 'index.html')).mtimeMs;
      } catch {
        return null;
      }
      // A folder built in place by hand (no link) changes its index.html: the time tells.
      if (cached?.dir === dir && cached.indexMtimeMs === indexMtimeMs) return cached;
      try {
        cached = { dir, indexMtimeMs, shell: fs.readFileSync(path.join(dir, 'index.html'), 'utf8'), prerendered: readPrerenderedPages(dir), manifest: readBuildManifest(dir) };
      } catch {
        // Removed between the two reads: no complete build right now.
        return null;
      }
      return cached;
    },
  };
}

/** True when dist holds a complete build now (index.html readable). */
export function hasWebBuild(distDir: string | null): boolean {
  return distDir !== null && fs.existsSync(path.join(distDir, 'index.html'));
}
