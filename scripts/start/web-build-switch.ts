/**
 * Builds of the web app go to a fresh folder each, `builds/<id>` beside the dist link
 * (apps/web/builds/<id> for apps/web/dist), and dist is then switched to the new one in one
 * rename of a symbolic link: a server running during `npm run build` serves the old build until
 * the new one is complete, then the new one, never an emptied or half-written folder (decision 0038).
 */
import fs from 'node:fs';
import path from 'node:path';
import { hashInputs, readInputs, STAMP_NAME } from './web-build-stamp.js';

/** Builds kept besides the current one: a page loaded just before a switch still finds its scripts. */
export const KEPT_OLD_BUILDS = 2;

export function buildsFolder(distLink: string): string {
  return path.join(path.dirname(distLink), 'builds');
}

/** Builds made by this process so far: two builds within one millisecond still get two folders. */
let buildsThisProcess = 0;

/** A new, empty folder for the next build, named so that names sort by time. */
export function newBuildFolder(distLink: string, now = new Date()): string {
  buildsThisProcess += 1;
  const id = `${now.toISOString().replace(/[-:.]/g, '').replace('T', '-').replace('Z', '')}-${process.pid}-${String(buildsThisProcess).padStart(4, '0')}`;
  const folder = path.join(buildsFolder(distLink), id);
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

/**
 * Points dist at `buildFolder` atomically: a new link is made beside it and renamed over it (rename
 * replaces a link in one step). A dist that is still a real folder (made before builds had their
 * own folders, or by `vite build` alone) is moved into builds/ first, a moment without dist once.
 */
export function switchDistTo(distLink: string, buildFolder: string): void {
  const stat = fs.lstatSync(distLink, { throwIfNoEntry: false });
  if (stat?.isDirectory()) fs.renameSync(distLink, path.join(buildsFolder(distLink), `older-${Date.now()}`));
  const nextLink = `${distLink}.next-${process.pid}`;
  fs.rmSync(nextLink, { force: true });
  // Relative, so the checkout (or a Docker image of it) can move.
  fs.symlinkSync(path.relative(path.dirname(distLink), buildFolder), nextLink, 'dir');
  fs.renameSync(nextLink, distLink);
}

/** Removes builds other than the current one and the newest KEPT_OLD_BUILDS before it. */
export function pruneOldBuilds(distLink: string): void {
  const folder = buildsFolder(distLink);
  const current = fs.realpathSync(distLink);
  const others = fs
    .readdirSync(folder)
    .map((name) => path.join(folder, name))
    .filter((dir) => fs.realpathSync(dir) !== current)
    // Newest first; builds made within one clock tick are told apart by their names, which sort by time.
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs || b.localeCompare(a));
  for (const old of others.slice(KEPT_OLD_BUILDS)) fs.rmSync(old, { recursive: true, force: true });
}

/**
 * One build: the sources are hashed first (a source edited during the build makes the next start
 * build again), `runBuild` writes the app into a fresh folder, the hash is stamped into it, and
 * dist is switched to it. A failed build leaves dist on the last good one. Returns the new folder.
 */
export function buildWebApp(root: string, distLink: string, runBuild: (folder: string) => boolean): string | null {
  const sourcesHash = hashInputs(readInputs(root));
  const folder = newBuildFolder(distLink);
  if (!runBuild(folder)) {
    fs.rmSync(folder, { recursive: true, force: true });
    return null;
  }
  fs.writeFileSync(path.join(folder, STAMP_NAME), `${sourcesHash}\n`);
  switchDistTo(distLink, folder);
  pruneOldBuilds(distLink);
  return folder;
}
