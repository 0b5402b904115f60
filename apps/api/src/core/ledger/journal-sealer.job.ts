import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { sealJournal, type SealKeys } from './journal-seals.js';

/**
 * Seals the journal (decision 0048) once the server is migrated and every `everyMs` after. Every
 * instance may run it: two seals at once leave one (sealJournal). A failed run is logged and the
 * next one tries again; closing waits for a run in progress, so it never outlives the database.
 */
export function startJournalSealer(app: FastifyInstance, db: Kysely<Database>, keys: SealKeys, clock: Clock, everyMs: number, whenMigrated: Promise<void>): void {
  if (everyMs <= 0) return;
  let inFlight: Promise<void> = Promise.resolve();
  const run = () => {
    inFlight = inFlight.then(async () => {
      try {
        const seal = await sealJournal(db, keys, clock());
        // The seal's hash and root in the log: a copy outside the database (the log's own store).
        if (seal) app.log.info({ seal: seal.seq, wallets: seal.wallets, sealHash: seal.hash, merkleRoot: seal.merkleRoot }, 'journal sealed');
      } catch (error) {
        app.log.warn({ err: error }, 'sealing the journal failed; the next run tries again');
      }
    });
  };
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  app.addHook('onReady', async () => {
    void whenMigrated.then(() => {
      if (closed) return;
      run();
      timer = setInterval(run, everyMs);
      timer.unref();
    });
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await inFlight;
  });
}
