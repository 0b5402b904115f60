import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyJournalChain } from '../../apps/api/src/core/ledger/chain-check.js';
import { openDatabase, type Db } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedReferenceData } from '../../apps/api/src/seed/reference-data.js';
import { seedLongStatement, seedWallets } from './seed.js';

let dataDir: string;
let db: Db;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-bench-seed-'));
  db = openDatabase({ dataDir });
  await migrateToLatest(db);
  await seedReferenceData(db);
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the benchmark set-up', () => {
  it("writes its long statement into the journal's hash chain, so the operator check passes after it", async () => {
    const nowMs = Date.parse('2026-11-24T12:00:00Z');
    const [wallet, other] = await seedWallets(db, 2, nowMs);
    await seedLongStatement(db, wallet!, other!, 1_200, nowMs);
    const check = await verifyJournalChain(db.kysely, { batchSize: 250 });
    expect(check).toMatchObject({ ok: true, transfers: 2 + 1_200 });
  });
});
