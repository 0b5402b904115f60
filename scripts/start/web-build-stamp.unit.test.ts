import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkWebBuild, decideBuild, hashInputs, isBuildInput, rememberSourcesHash, stampBuild } from './web-build-stamp.js';

describe('decideBuild: is the web build current', () => {
  it('builds when there is no build', () => {
    expect(decideBuild({ hasBuild: false, stamp: null, sourcesHash: 'abc' })).toEqual({ build: true, reason: 'there is no build of the web app yet' });
    expect(decideBuild({ hasBuild: false, stamp: 'abc', sourcesHash: 'abc' }).build).toBe(true);
  });

  it('builds when the build has no stamp', () => {
    expect(decideBuild({ hasBuild: true, stamp: null, sourcesHash: 'abc' }).build).toBe(true);
  });

  it('builds when the sources hash differs from the stamp', () => {
    expect(decideBuild({ hasBuild: true, stamp: 'abd\n', sourcesHash: 'abc' })).toEqual({ build: true, reason: 'the web sources changed since the last build' });
  });

  it('does not build when the stamp matches the sources (a trailing newline is fine)', () => {
    expect(decideBuild({ hasBuild: true, stamp: 'abc\n', sourcesHash: 'abc' })).toEqual({ build: false });
  });
});

describe('hashInputs', () => {
  const files = [
    { path: 'apps/web/src/main.tsx', content: 'render()' },
    { path: 'package-lock.json', content: '{}' },
  ];

  it('does not depend on the order the files are listed in', () => {
    expect(hashInputs(files)).toBe(hashInputs([...files].reverse()));
  });

  it('changes when a content, a path or the set of files changes', () => {
    const base = hashInputs(files);
    expect(hashInputs([{ ...files[0]!, content: 'render() ' }, files[1]!])).not.toBe(base);
    expect(hashInputs([{ ...files[0]!, path: 'apps/web/src/Main.tsx' }, files[1]!])).not.toBe(base);
    expect(hashInputs([files[0]!])).not.toBe(base);
    // Moving bytes from one file's end to the next file's path cannot give the same hash.
    expect(hashInputs([{ path: 'a', content: 'bc' }])).not.toBe(hashInputs([{ path: 'ab', content: 'c' }]));
  });
});

describe('isBuildInput', () => {
  it('leaves out outputs, installed packages, hidden files and tests', () => {
    expect(isBuildInput('apps/web/src/features/send/SendPage.tsx')).toBe(true);
    expect(isBuildInput('apps/web/index.html')).toBe(true);
    expect(isBuildInput('apps/web/dist/index.html')).toBe(false);
    expect(isBuildInput('apps/web/node_modules/react/index.js')).toBe(false);
    expect(isBuildInput('packages/contracts/src/money.test.ts')).toBe(false);
    expect(isBuildInput('apps/web/src/App.test.tsx')).toBe(false);
    expect(isBuildInput('apps/web/.vite/deps.json')).toBe(false);
  });
});

describe('checkWebBuild on a repository on disk', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  function repository(): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-stamp-'));
    roots.push(root);
    const write = (file: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
    };
    write('apps/web/src/main.tsx', 'render()');
    write('packages/contracts/src/index.ts', 'export {}');
    write('package-lock.json', '{}');
    return root;
  }

  /** What `npm run build` does: prebuild hash, the build (which empties dist), postbuild stamp. */
  function build(root: string): void {
    rememberSourcesHash(root);
    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true, force: true });
    fs.mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'apps/web/dist/index.html'), '<html>');
    stampBuild(root);
  }

  it('asks for a build first, none after one, and one again after a source, contract or lockfile change', () => {
    const root = repository();
    expect(checkWebBuild(root).decision.build).toBe(true);
    build(root);
    expect(checkWebBuild(root).decision).toEqual({ build: false });

    for (const changed of ['apps/web/src/main.tsx', 'packages/contracts/src/index.ts', 'package-lock.json']) {
      fs.appendFileSync(path.join(root, changed), '\n// edited');
      expect(checkWebBuild(root).decision).toEqual({ build: true, reason: 'the web sources changed since the last build' });
      build(root);
      expect(checkWebBuild(root).decision.build).toBe(false);
    }
  });

  it('ignores changes to tests and to the installed packages', () => {
    const root = repository();
    build(root);
    fs.writeFileSync(path.join(root, 'apps/web/src/main.test.tsx'), 'test()');
    fs.mkdirSync(path.join(root, 'apps/web/node_modules/x'), { recursive: true });
    fs.writeFileSync(path.join(root, 'apps/web/node_modules/x/index.js'), '1');
    expect(checkWebBuild(root).decision.build).toBe(false);
  });

  it('stamps the sources as they were when the build began, so an edit during the build is rebuilt', () => {
    const root = repository();
    rememberSourcesHash(root);
    fs.appendFileSync(path.join(root, 'apps/web/src/main.tsx'), '\n// edited while building');
    fs.mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'apps/web/dist/index.html'), '<html>');
    stampBuild(root);
    expect(checkWebBuild(root).decision.build).toBe(true);
  });
});
