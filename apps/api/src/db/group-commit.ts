import type { ControlledTransaction, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The transaction a money movement runs in: its own savepoint inside a batch on SQLite. */
export type MovementTrx = ControlledTransaction<Database, string[]>;
export type MovementWork<T> = (trx: MovementTrx) => Promise<T>;

interface Queued {
  work: MovementWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Options that let a test look between a batch's last savepoint and its commit. */
export interface GroupCommitOptions {
  maxBatch?: number;
  /** Awaited after the batch's work and before COMMIT (tests only). */
  beforeCommit?: (batchSize: number) => Promise<void> | void;
}

/**
 * Group commit for SQLite (decisions 0014 and 0019). Every commit must be synced to disk before
 * it is answered, so one commit per movement caps throughput at the disk's sync rate. Movements that arrive
 * while a batch runs (or in the same turn of the event loop) are gathered into the next one: one
 * transaction, each movement in its own SAVEPOINT, so a movement that throws (a refusal, a bug)
 * rolls back its own writes only. Nobody is answered before the batch is durable: a movement's
 * promise settles only after its COMMIT and the WAL's sync after it, and if either fails every
 * movement of the batch fails.
 *
 * The work of a batch runs one movement after the other on the one connection; that is how
 * SQLite runs transactions anyway.
 */
export class GroupCommit {
  private readonly queue: Queued[] = [];
  private scheduled = false;
  private readonly maxBatch: number;

  constructor(
    private readonly kysely: Kysely<Database>,
    /** Resolves once every commit so far is on disk (decision 0019). */
    private readonly durable: () => Promise<void>,
    private readonly options: GroupCommitOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 256;
  }

  run<T>(work: MovementWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /**
   * Starts the next batch after the current turn of the event loop, so that every request read
   * in the same turn joins it (and the first one does not commit alone).
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch(this.queue.splice(0, this.maxBatch));
    } finally {
      this.scheduled = false;
      if (this.queue.length > 0) this.schedule();
    }
  }

  /**
   * Runs a batch up to its COMMIT. The answers wait for the WAL's sync, but the next batch does
   * not: it runs while the disk syncs, and its own sync covers both.
   */
  private async runBatch(batch: Queued[]): Promise<void> {
    const settled: Settled[] = [];
    try {
      const trx = (await this.kysely.startTransaction().execute()) as MovementTrx;
      try {
        for (const item of batch) settled.push(await this.runOne(trx, item));
        await this.options.beforeCommit?.(batch.length);
        await trx.commit().execute();
      } catch (error) {
        await trx.rollback().execute().catch(() => {});
        throw error;
      }
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    this.durable().then(
      () =>
        batch.forEach((item, index) => {
          const outcome = settled[index]!;
          if (outcome.ok) item.resolve(outcome.value);
          else item.reject(outcome.error);
        }),
      // Committed but perhaps not on disk: nobody may be told it happened.
      (error: unknown) => batch.forEach((item) => item.reject(error)),
    );
  }

  /**
   * One movement in its savepoint. Throws only if the savepoint itself cannot be undone: then with
   * the movement's error as the cause, for the whole batch. SQLite rolls the whole transaction back by itself
   * after some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY, SQLITE_NOMEM), the savepoint with it,
   * so every movement of the batch failed for that reason (a full disk: 503, to be sent again), not
   * for "no such savepoint".
   */
  private async runOne(trx: MovementTrx, item: Queued): Promise<Settled> {
    const movement = await trx.savepoint('movement').execute();
    try {
      const value = await item.work(movement);
      await movement.releaseSavepoint('movement').execute();
      return { ok: true, value };
    } catch (error) {
      try {
        await movement.rollbackToSavepoint('movement').execute();
        await movement.releaseSavepoint('movement').execute();
      } catch {
        // Its cause (a full disk: 503) for everyone, but not its refusal: that was one user's.
        throw new Error('the movement batch lost its transaction', { cause: error });
      }
      return { ok: false, error };
    }
  }
}
