/// <reference types="node" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The boundary rule of eslint.config.js (import-x/no-restricted-paths zones, see
 * docs/decisions/0009-feature-boundaries.md) fires on planted imports and stays quiet on legal ones.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const RULE = 'import-x/no-restricted-paths';

async function boundaryErrors(eslint: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(eslint === repoLint ? root : fixtureRoot, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const repoLint = new ESLint({ cwd: root });
const fixtureRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-boundaries-'));
afterAll(() => fs.rmSync(fixtureRoot, { recursive: true, force: true }));

describe('web boundaries (the repository’s config)', () => {
  const lint = (filePath: string, code: string) => boundaryErrors(repoLint, filePath, code);

  it('a feature may not import another feature', async () => {
    expect(await lint('apps/web/src/features/transfers/x.ts', "import { LinkedAccountsStrip } from '../account';\nexport const x = LinkedAccountsStrip;\n")).toHaveLength(1);
    expect(await lint('apps/web/src/features/transfers/x.ts', "import { useStatement } from '../statement/api/get-statement';\nexport const x = useStatement;\n")).toHaveLength(1);
  });

  it('a feature may import its own files and the shared layers', async () => {
    const code = "import { useCreateTransfer } from './api/create-transfer';\nimport { formatMoney } from '../../lib/format';\nimport { useMe } from '../../session';\nimport { PageHeader } from '../../components/PageHeader';\nexport const x = [useCreateTransfer, formatMoney, useMe, PageHeader];\n";
    expect(await lint('apps/web/src/features/transfers/x.ts', code)).toEqual([]);
  });

  it('shared code may not import a feature, and only the app imports app/', async () => {
    expect(await lint('apps/web/src/lib/x.ts', "import { LinkedAccountsStrip } from '../features/account';\nexport const x = LinkedAccountsStrip;\n")).toHaveLength(1);
    expect(await lint('apps/web/src/session/x.ts', "import { LinkedAccountsStrip } from '../features/account';\nexport const x = LinkedAccountsStrip;\n")).toHaveLength(1);
    expect(await lint('apps/web/src/features/account/x.ts', "import { routes } from '../../app/router';\nexport const x = routes;\n")).toHaveLength(1);
    expect(await lint('apps/web/src/app/x.ts', "import { LinkedAccountsStrip } from '../features/account';\nexport const x = LinkedAccountsStrip;\n")).toEqual([]);
  });
});

/** Two API features of the repository with a source file each, when the folders exist. */
function apiFeatureFiles(): [string, string] | null {
  const dir = path.join(root, 'apps/api/src/features');
  if (!fs.existsSync(dir)) return null;
  const found = fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const file = fs.readdirSync(path.join(dir, entry.name)).find((name) => /^[\w.-]+(?<!\.test)\.ts$/.test(name));
    return file ? [`${entry.name}/${file.replace(/\.ts$/, '.js')}`] : [];
  });
  return found.length >= 2 ? [found[0]!, found[1]!] : null;
}

describe('API boundaries (the repository’s config)', () => {
  const features = apiFeatureFiles();
  it.skipIf(!features)('an API feature may not import another; the core may not import a feature', async () => {
    const [own, other] = features!;
    const feature = own.split('/')[0];
    expect(await boundaryErrors(repoLint, `apps/api/src/features/${feature}/x.ts`, `import * as other from '../${other}';\nexport const x = other;\n`)).toHaveLength(1);
    expect(await boundaryErrors(repoLint, `apps/api/src/features/${feature}/x.ts`, `import * as own from '../${own}';\nexport const x = own;\n`)).toEqual([]);
    expect(await boundaryErrors(repoLint, 'apps/api/src/core/x.ts', `import * as other from '../features/${other}';\nexport const x = other;\n`)).toHaveLength(1);
    expect(await boundaryErrors(repoLint, 'apps/api/src/http/x.ts', `import * as other from '../features/${other}';\nexport const x = other;\n`)).toHaveLength(1);
  });

  it('db/ imports nothing of the app, config/ neither, and http/ only core’s errors and clock', async () => {
    const lint = (filePath: string, code: string) => boundaryErrors(repoLint, filePath, code);
    expect(await lint('apps/api/src/db/x.ts', "import { moveMoney } from '../core/ledger/ledger.js';\nexport const x = moveMoney;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/db/migrations/x.ts', "import { AppError } from '../../core/errors.js';\nexport const x = AppError;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/db/x.ts', "import { errorResponses } from '../http/openapi.js';\nexport const x = errorResponses;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/db/x.ts', "import { loadConfig } from '../config/env.js';\nexport const x = loadConfig;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/config/x.ts', "import { openDatabase } from '../db/database.js';\nexport const x = openDatabase;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/config/x.ts', "import { isoAt } from '../core/clock.js';\nexport const x = isoAt;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/http/x.ts', "import { walletOf } from '../core/ledger/wallets.js';\nexport const x = walletOf;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/http/x.ts', "import { openDatabase } from '../db/database.js';\nexport const x = openDatabase;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/http/x.ts', "import { EARLY_SUBMIT_SCRIPT_HASH } from '../web/early-submit.js';\nexport const x = EARLY_SUBMIT_SCRIPT_HASH;\n")).toHaveLength(1);
  });

  it('the layers above may use db/, config/ and http/; http/ may use core’s errors and clock', async () => {
    const lint = (filePath: string, code: string) => boundaryErrors(repoLint, filePath, code);
    expect(await lint('apps/api/src/http/x.ts', "import { AppError } from '../core/errors.js';\nimport { isoAt } from '../core/clock.js';\nexport const x = [AppError, isoAt];\n")).toEqual([]);
    expect(await lint('apps/api/src/core/x.ts', "import { openDatabase } from '../db/database.js';\nimport { loadConfig } from '../config/env.js';\nexport const x = [openDatabase, loadConfig];\n")).toEqual([]);
    expect(await lint('apps/api/src/db/x.ts', "import { openDatabase } from './database.js';\nexport const x = openDatabase;\n")).toEqual([]);
  });
});

describe('API boundaries, and features found at load (a fixture tree)', () => {
  const files = [
    'apps/api/src/features/alpha/alpha.service.ts',
    'apps/api/src/features/beta/beta.service.ts',
    'apps/api/src/core/ledger/ledger.ts',
    'apps/api/src/core/errors.ts',
    'apps/api/src/db/database.ts',
    'apps/api/src/config/env.ts',
    'apps/api/src/http/openapi.ts',
    'apps/web/src/features/gamma/index.ts',
  ];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(fixtureRoot, file)), { recursive: true });
    fs.writeFileSync(path.join(fixtureRoot, file), 'export const value = 1;\n');
  }
  fs.mkdirSync(path.join(fixtureRoot, 'apps/web/src/features/delta'), { recursive: true });
  let fixtureLint: ESLint;
  const lint = async (filePath: string, code: string) => {
    if (!fixtureLint) {
      const { boundaryConfig } = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as { boundaryConfig: (at: string) => Linter.Config };
      fixtureLint = new ESLint({ cwd: fixtureRoot, overrideConfigFile: true, overrideConfig: [boundaryConfig(fixtureRoot)] });
    }
    return boundaryErrors(fixtureLint, filePath, code);
  };

  it('an API feature may not import another feature; the core may not import a feature', async () => {
    expect(await lint('apps/api/src/features/alpha/x.ts', "import { value } from '../beta/beta.service.js';\nexport const x = value;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/core/x.ts', "import { value } from '../features/beta/beta.service.js';\nexport const x = value;\n")).toHaveLength(1);
  });

  it('an API feature may import its own files and the core', async () => {
    const code = "import { value } from './alpha.service.js';\nimport { value as ledger } from '../../core/ledger/ledger.js';\nexport const x = [value, ledger];\n";
    expect(await lint('apps/api/src/features/alpha/x.ts', code)).toEqual([]);
  });

  it('db/ may not import core/, config/ may not import db/, http/ may not import a feature', async () => {
    expect(await lint('apps/api/src/db/x.ts', "import { value } from '../core/ledger/ledger.js';\nexport const x = value;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/config/x.ts', "import { value } from '../db/database.js';\nexport const x = value;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/http/x.ts', "import { value } from '../features/alpha/alpha.service.js';\nexport const x = value;\n")).toHaveLength(1);
    expect(await lint('apps/api/src/http/x.ts', "import { value } from '../core/ledger/ledger.js';\nexport const x = value;\n")).toHaveLength(1);
  });

  it('http/ may import core’s errors; a feature may import db/, config/ and http/', async () => {
    expect(await lint('apps/api/src/http/x.ts', "import { value } from '../core/errors.js';\nexport const x = value;\n")).toEqual([]);
    const code = "import { value } from '../../db/database.js';\nimport { value as env } from '../../config/env.js';\nimport { value as openapi } from '../../http/openapi.js';\nexport const x = [value, env, openapi];\n";
    expect(await lint('apps/api/src/features/alpha/x.ts', code)).toEqual([]);
  });

  it('a feature folder that did not exist when the rule was written is covered', async () => {
    expect(await lint('apps/web/src/features/delta/x.ts', "import { value } from '../gamma';\nexport const x = value;\n")).toHaveLength(1);
  });
});
