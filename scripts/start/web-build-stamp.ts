/**
 * Whether the built web app (apps/web/dist) was built from the sources as they are now. The build
 * writes a stamp beside its output: a hash of every file the build reads. `npm start` builds only
 * when there is no build, no stamp, or the hash of the sources differs from the stamp.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the web build reads, relative to the repository root. */
export const WEB_BUILD_INPUTS = ['apps/web', 'packages/contracts', 'package-lock.json', 'package.json', 'tsconfig.base.json'] as const;

/** Where the build is served from, and its stamp (inside it, written once the build succeeded). */
export const WEB_DIST = 'apps/web/dist';
export const STAMP_NAME = '.build-stamp';

/** Folders and files that are not sources of the build: outputs, installed packages, tests. */
export function isBuildInput(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/);
  if (parts.some((part) => part === 'node_modules' || part === 'dist' || part === 'builds' || part.startsWith('.'))) return false;
  return !/\.(test|spec)\.tsx?$|\.tsbuildinfo$/.test(relativePath);
}

export interface InputFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  content: Buffer | string;
}

/** One hash over the paths and contents of the inputs, independent of the order they are listed in. */
export function hashInputs(files: readonly InputFile[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${file.path}\0${Buffer.byteLength(file.content)}\0`);
    hash.update(file.content);
  }
  return hash.digest('hex');
}

export type BuildDecision = { build: false } | { build: true; reason: string };

/** The rule: build when the app was never built, or was built from other sources than the current ones. */
export function decideBuild({ hasBuild, stamp, sourcesHash }: { hasBuild: boolean; stamp: string | null; sourcesHash: string }): BuildDecision {
  if (!hasBuild) return { build: true, reason: 'there is no build of the web app yet' };
  if (stamp === null) return { build: true, reason: 'the build has no stamp (it was made by hand or by an older version)' };
  if (stamp.trim() !== sourcesHash) return { build: true, reason: 'the web sources changed since the last build' };
  return { build: false };
}

/** Every input file under the repository root, read from disk. */
export function readInputs(root: string): InputFile[] {
  const files: InputFile[] = [];
  const visit = (relative: string) => {
    const absolute = path.join(root, relative);
    const stat = fs.statSync(absolute, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(absolute)) {
        const child = `${relative}/${entry}`;
        if (isBuildInput(child)) visit(child);
      }
    } else if (stat.isFile()) {
      files.push({ path: relative, content: fs.readFileSync(absolute) });
    }
  };
  for (const input of WEB_BUILD_INPUTS) visit(input);
  return files;
}

/** The decision for the repository at `root` and the build at `distDir`, and the hash to stamp after a build. */
export function checkWebBuild(root: string, distDir = path.join(root, WEB_DIST)): { decision: BuildDecision; sourcesHash: string } {
  const sourcesHash = hashInputs(readInputs(root));
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  const stampPath = path.join(distDir, STAMP_NAME);
  const stamp = fs.existsSync(stampPath) ? fs.readFileSync(stampPath, 'utf8') : null;
  return { decision: decideBuild({ hasBuild, stamp, sourcesHash }), sourcesHash };
}
