import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The sub-folders of `dir` under `root`; none when it does not exist (yet). */
function foldersOf(root, dir) {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs.readdirSync(absolute, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

/** Feature X may not import feature Y: one zone per feature folder found at load, so new features are covered. */
function featureZones(root, featuresDir) {
  return foldersOf(root, featuresDir).map((feature) => ({
    target: `${featuresDir}/${feature}`,
    from: featuresDir,
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to a shared layer, or compose them in the app.',
  }));
}

/**
 * The layers, as import-x/no-restricted-paths zones (see docs/decisions/0009-feature-boundaries.md
 * and docs/ARCHITECTURE.md "Layers of the API").
 * Web: app → features → shared (session, components, lib) → contracts.
 * API: app.ts, seed/, ops/ → features → core, http, mail, sms → db, config → contracts; http/ knows only
 * core's errors and clock, db/ and config/ know nothing of the app.
 */
export function boundaryZones(root) {
  const web = 'apps/web/src';
  const api = 'apps/api/src';
  const shared = [`${web}/session`, `${web}/components`, `${web}/lib`];
  /** What sits above db/ and config/: every layer of the API that may use them. */
  const apiLayers = ['core', 'features', 'http', 'mail', 'sms', 'web', 'ops', 'seed'].map((layer) => `${api}/${layer}`);
  return [
    ...featureZones(root, `${web}/features`),
    { target: [`${web}/features`, ...shared], from: `${web}/app`, message: 'Only the app shell imports app/.' },
    { target: shared, from: `${web}/features`, message: 'Shared code does not depend on a feature.' },
    ...featureZones(root, `${api}/features`),
    { target: `${api}/core`, from: `${api}/features`, message: 'The core does not depend on a feature.' },
    {
      // db/'s own code; its tests may check a migration against the code that reads its rows.
      target: `${api}/db/**/!(*.test).ts`,
      from: [...apiLayers, `${api}/config`],
      message: 'db/ is the bottom layer (Kysely, dialects, migrations): it imports nothing of the app; pass what it needs in.',
    },
    { target: `${api}/config`, from: [...apiLayers, `${api}/db`], message: 'config/ parses the environment only: it imports nothing of the app.' },
    {
      target: `${api}/http`,
      from: apiLayers.filter((layer) => layer !== `${api}/http` && layer !== `${api}/core`).concat(`${api}/db`, `${api}/config`),
      message: 'http/ holds HTTP concerns only: it imports no feature, database, settings, mail, SMS or web code; the app passes what it needs in.',
    },
    {
      target: `${api}/http`,
      from: `${api}/core`,
      except: ['./errors.ts', './clock.ts'],
      message: "http/ imports only core's errors and clock, no business module: the app passes what it needs in.",
    },
  ];
}

/** The boundary rule for a repository at `root` (a function, so its test can point it at a fixture tree). */
export function boundaryConfig(root) {
  return {
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }] },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', 'apps/web/builds/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  boundaryConfig(import.meta.dirname),
  {
    // Money is integer cents: floating-point rounding tricks on amounts are a bug.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name='round'] > BinaryExpression[operator='*']", message: 'No float maths on money: use packages/contracts money helpers.' },
      ],
    },
  },
);
