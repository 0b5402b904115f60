import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The API files share their worker's modules (`isolate: false`): each file builds its own app on its
 * own database or schema and leaves no global behind (none mocks a module or stubs the
 * environment), and re-importing Fastify, zod and the whole app for each of 130 files was a third of
 * the suite's time. Measured on 2026-11-28: api-sqlite 192 s → 113 s, all 614 tests passing.
 */
const API_FILES_SHARE_MODULES = { isolate: false } as const;

const POSTGRES_TEST_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Four projects: fast unit tests, the API integration suite run twice, once on a SQLite file and
 * once on PostgreSQL, and the short bank test (real server processes killed mid-run, on both
 * databases). The PostgreSQL runs never skip: if the server is down, they fail.
 */
export default defineConfig({
  test: {
    // Vitest's default leaves a core to itself (one worker on a 2-core machine), but these suites
    // spend most of their time waiting for a database, a child process or the disk: one worker
    // per core runs them in about half the time (docs/testing.md has the figures).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          // A few unit tests do seconds of real work (linting a planted import with the repository's
          // ESLint config, shaping Bengali with the PDF fonts); the limit guards against a hang.
          testTimeout: 20_000,
          include: ['packages/**/*.test.ts', 'scripts/**/*.unit.test.ts', 'apps/api/src/**/*.unit.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'api-sqlite',
          ...API_FILES_SHARE_MODULES,
          // The process test starts real servers on SQLite files; once is enough.
          include: ['apps/api/src/**/*.api.test.ts', 'apps/api/src/**/*.process.test.ts'],
          // The PostgreSQL server too, for the one process test that runs the bundle on a database of its own.
          env: { TEST_DATABASE: 'sqlite', TEST_POSTGRES_URL: POSTGRES_TEST_URL },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          ...API_FILES_SHARE_MODULES,
          include: ['apps/api/src/**/*.api.test.ts'],
          env: { TEST_DATABASE: 'postgres', TEST_POSTGRES_URL: POSTGRES_TEST_URL },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'bank',
          include: ['scripts/**/*.process.test.ts'],
          env: { DATABASE_URL: POSTGRES_TEST_URL },
          testTimeout: 240_000,
        },
      },
    ],
  },
});
