import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.js';
import { freePort } from '../../test/server-process.js';
import { appOn, testDatabase, unreachablePostgres } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { createReadiness } from './readiness.js';

const t = await testAppForFile();

describe('health probes', () => {
  it('live and ready answer 200 on a working database, without signing in', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it(`ready answers 503 when the database does not answer (${testDatabase}), live still 200`, async () => {
    let db: Db;
    if (testDatabase === 'postgres') {
      db = unreachablePostgres(await freePort());
    } else {
      // The SQLite handle, closed under the running app.
      db = openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-health-')) });
    }
    const app = await appOn(db);
    try {
      if (testDatabase === 'sqlite') {
        // Answering first, so the handle is open before it is closed.
        expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
        await db.close();
      }
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: { code: 'unavailable', message: 'The database is not answering' } });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      if (testDatabase === 'postgres') await db.close();
    }
  });

  it('while starting (migrations), ready and every other route answer 503 and live 200; once ready, 200', async () => {
    const readiness = createReadiness('starting');
    const app = await appOn(t.db, readiness);
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.message).toContain('migrations are running');
      expect((await app.inject({ method: 'GET', url: '/api/v1/banks' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

      readiness.markReady();
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/banks' })).statusCode).toBe(200);

      readiness.markStopping();
      const stopping = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json().error.message).toBe('The server is shutting down');
    } finally {
      await app.close();
    }
  });
});
