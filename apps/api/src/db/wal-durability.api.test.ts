import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserInput, moneyHeaders, signUp, TEST_PIN } from '../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../test/test-app.js';
import { fdatasyncFile } from './wal-sync.js';
import { sqliteFileIn } from './database.js';

/**
 * Decision 0019: SQLite commits without syncing (synchronous = NORMAL) and the WAL is synced off the
 * event loop; nobody who wrote is answered before that sync. The sync here is the real fdatasync,
 * unless a test holds it (`hold`) or makes it fail (`failNext`).
 */
let hold: Promise<void> | null = null;
let failNext = false;
const synced: string[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    syncFile: async (file) => {
      synced.push(file);
      await hold;
      if (failNext) {
        failNext = false;
        throw new Error('EIO: the disk failed the sync');
      }
      await fdatasyncFile(file);
    },
  });
});
afterAll(() => t?.close());

/** Seen from another connection to the file: what is committed, synced or not. */
function committedTransfers(reference: string): number {
  const reader = new SQLite(sqliteFileIn(t.config.DATA_DIR), { readonly: true });
  try {
    return (reader.prepare('select count(*) as n from transfers where reference = ?').get(reference) as { n: number }).n;
  } finally {
    reader.close();
  }
}

function holdSyncs() {
  let release = () => {};
  hold = new Promise((resolve) => {
    release = () => {
      hold = null;
      resolve();
    };
  });
  return release;
}

const waitFor = async (condition: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe.skipIf(testDatabase !== 'sqlite')('SQLite answers a write only after its WAL is synced', () => {
  it('commits a transfer, keeps the event loop serving while the WAL syncs, and answers 201 only after the sync', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    const release = holdSyncs();
    const syncsBefore = synced.length;
    let answered = false;
    const sent = t.app
      .inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(alice.token), payload: { pin: TEST_PIN, to: bob.phone, amount: 250, reference: '4242' } })
      .then((response) => {
        answered = true;
        return response;
      });
    try {
      await waitFor(() => committedTransfers('4242') === 1);
      await waitFor(() => synced.length > syncsBefore);
      expect(synced.at(-1)).toBe(`${sqliteFileIn(t.config.DATA_DIR)}-wal`);
      // Committed, not yet synced: the server goes on serving, but the payer hears nothing yet.
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
    } finally {
      release();
    }
    const response = await sent;
    expect(response.statusCode).toBe(201);
  });

  it('holds a sign-up (its own transaction, not a batched movement) until the WAL is synced', async () => {
    const release = holdSyncs();
    const input = newUserInput();
    let answered = false;
    const sent = t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: input }).then((response) => {
      answered = true;
      return response;
    });
    try {
      const reader = () => {
        const connection = new SQLite(sqliteFileIn(t.config.DATA_DIR), { readonly: true });
        try {
          return connection.prepare('select 1 from users where email = ?').get(input.email) !== undefined;
        } finally {
          connection.close();
        }
      };
      await waitFor(reader);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
    } finally {
      release();
    }
    expect((await sent).statusCode).toBe(201);
  });

  it('never answers 201 for a transfer whose WAL sync failed', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    failNext = true;
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(alice.token), payload: { pin: TEST_PIN, to: bob.phone, amount: 300, reference: '4343' } });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
  });
});
