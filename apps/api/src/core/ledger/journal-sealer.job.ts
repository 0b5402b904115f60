import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { startRepeatingJob } from '../repeating-job.js';
import { sealJournal, type SealKeys } from './journal-seals.js';

/**
 * Seals the journal (decision 0048) once the server is migrated and every `everyMs` after (0: never).
 * Every instance may run it: two seals at once leave one (sealJournal).
 */
export function startJournalSealer(app: FastifyInstance, db: Kysely<Database>, keys: SealKeys, clock: Clock, everyMs: number, whenMigrated: Promise<void>): void {
  if (everyMs <= 0) return;
  startRepeatingJob(app, {
    what: 'sealing the journal',
    everyMs,
    whenReady: whenMigrated,
    run: async () => {
      const seal = await sealJournal(db, keys, clock());
      // The seal's hash and root in the log: a copy outside the database (the log's own store).
      if (seal) app.log.info({ seal: seal.seq, wallets: seal.wallets, sealHash: seal.hash, merkleRoot: seal.merkleRoot }, 'journal sealed');
    },
  });
}
