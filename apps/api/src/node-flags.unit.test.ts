import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLE_FLAGS, HEAP_FLAGS } from './node-flags.js';

const repoDir = fileURLToPath(new URL('../../..', import.meta.url));
const scripts = (JSON.parse(fs.readFileSync(path.join(repoDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The options given to node before the script, in a command line or an exec-form CMD. */
function nodeOptionsBefore(script: string, command: string[]): string[] {
  const node = command.indexOf('node');
  const at = command.indexOf(script);
  expect(node, command.join(' ')).toBeGreaterThanOrEqual(0);
  expect(at, command.join(' ')).toBeGreaterThan(node);
  return command.slice(node + 1, at).filter((option) => !['--import', 'tsx'].includes(option));
}

describe('the options node runs the server with (decision 0025)', () => {
  it('are the same in npm run start:prod as in the test harness and the benchmark', () => {
    expect(nodeOptionsBefore('apps/api/dist/server.js', scripts['start:prod']!.split(' '))).toEqual([...BUNDLE_FLAGS]);
  });

  it('include the heap setting in npm start', () => {
    expect(nodeOptionsBefore('apps/api/src/server.ts', scripts.serve!.split(' '))).toEqual([...HEAP_FLAGS]);
  });

  it('are the same in the Docker image', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync(path.join(repoDir, 'Dockerfile'), 'utf8'))?.[1];
    expect(nodeOptionsBefore('apps/api/dist/server.js', JSON.parse(cmd ?? '[]') as string[])).toEqual([...BUNDLE_FLAGS]);
  });
});
