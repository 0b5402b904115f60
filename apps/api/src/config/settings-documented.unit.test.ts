import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { settingNames } from './env.js';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** Variables of the system, not of Poisha. */
const NOT_SETTINGS = new Set(['PATH']);

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'builds', 'test-results', 'playwright-report', 'coverage', 'data']);

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return CODE.test(entry.name) ? [full] : [];
  });
}

/** The variables a source file reads as process.env.<name> or process.env['<name>'] (code, tests, scripts, configs). */
export function variablesReadIn(source: string): string[] {
  return [...source.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)].map((match) => (match[1] ?? match[2])!);
}

/** The names in the first column of the settings table (docs/running.md). */
export function documentedVariables(guide: string): string[] {
  const section = guide.split(/^## /m).find((part) => part.startsWith('Settings\n'));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
}

describe('every environment variable the code reads is documented', () => {
  const guide = fs.readFileSync(path.join(root, 'docs', 'running.md'), 'utf8');
  const documented = new Set(documentedVariables(guide));
  const read = new Set([...settingNames, ...codeFiles(root).flatMap((file) => variablesReadIn(fs.readFileSync(file, 'utf8')))]);
  for (const name of NOT_SETTINGS) read.delete(name);

  it('finds the variables (the scan itself works)', () => {
    expect(variablesReadIn("a = process.env.E2E_PORT ?? process.env['FUZZ_SEED']; process.env.lower")).toEqual(['E2E_PORT', 'FUZZ_SEED']);
    expect(read).toContain('E2E_PORT');
    expect(read).toContain('DATABASE_URL');
    expect(documented.size).toBeGreaterThan(20);
  });

  it('documents each of them in the settings table of docs/running.md', () => {
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });

  it('documents nothing the code no longer reads', () => {
    expect([...documented].filter((name) => !read.has(name)).sort()).toEqual([]);
  });
});
