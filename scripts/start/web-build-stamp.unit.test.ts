import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkWebBuild, decideBuild, hashInputs, isBuildInput } from './web-build-stamp.js';
import { buildWebApp, KEPT_OLD_BUILDS } from './web-build-switch.js';

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

  /** What `npm run build` does, with a build that writes only index.html (`during` runs in it). */
  function build(root: string, during: () => void = () => {}): string | null {
    return buildWebApp(root, path.join(root, 'apps/web/dist'), (folder) => {
      during();
      fs.writeFileSync(path.join(folder, 'index.html'), '<html>');
      return true;
    });
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
    build(root, () => fs.appendFileSync(path.join(root, 'apps/web/src/main.tsx'), '\n// edited while building'));
    expect(checkWebBuild(root).decision.build).toBe(true);
  });
});

describe('buildWebApp: each build in its own folder, dist switched to it', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });
  const newRoot = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-switch-'));
    roots.push(root);
    fs.mkdirSync(path.join(root, 'apps/web'), { recursive: true });
    return root;
  };
  const writing = (text: string, ok = true) => (folder: string) => {
    fs.writeFileSync(path.join(folder, 'index.html'), text);
    return ok;
  };

  it('points dist to the new build and keeps the last ones, whatever dist was before (a real folder)', () => {
    const root = newRoot();
    const dist = path.join(root, 'apps/web/dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), 'built in place');
    const folders: string[] = [];
    for (let i = 0; i < KEPT_OLD_BUILDS + 2; i += 1) {
      const folder = buildWebApp(root, dist, writing(`build ${i}`));
      expect(folder).not.toBeNull();
      folders.push(folder!);
      expect(fs.lstatSync(dist).isSymbolicLink()).toBe(true);
      expect(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe(`build ${i}`);
      expect(fs.readFileSync(path.join(dist, '.build-stamp'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    }
    // The current build and the KEPT_OLD_BUILDS before it; the first ones (and the old dist) are gone.
    expect(fs.readdirSync(path.join(root, 'apps/web/builds')).length).toBe(KEPT_OLD_BUILDS + 1);
    expect(fs.existsSync(folders[0]!)).toBe(false);
    // The link is relative: the checkout can move.
    expect(path.isAbsolute(fs.readlinkSync(dist))).toBe(false);
  });

  it('leaves dist on the last good build when a build fails', () => {
    const root = newRoot();
    const dist = path.join(root, 'apps/web/dist');
    buildWebApp(root, dist, writing('good'));
    expect(buildWebApp(root, dist, writing('half', false))).toBeNull();
    expect(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe('good');
    expect(fs.readdirSync(path.join(root, 'apps/web/builds')).length).toBe(1);
  });
});

describe('builds kept beside the sources', () => {
  it('are not linted: `npm test` after a build lints the sources, not the bundles in apps/web/builds', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });
    expect(await eslint.isPathIgnored('apps/web/builds/20261128-000000000-1-0001/assets/index-abc.js')).toBe(true);
    expect(await eslint.isPathIgnored('apps/web/src/main.tsx')).toBe(false);
  });
});
