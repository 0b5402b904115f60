import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * PostgreSQL gives up one of two transactions that wait for each other (deadlock, 40P01) or that
 * cannot both be serialised (40001): nothing of it was kept, so running it again is safe, and
 * usually succeeds once the other one has committed (decision 0032). SQLite never answers these:
 * its writers take turns.
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** Runs of a transaction at most (the first and three more) before its conflict is the caller's. */
export const TRANSACTION_TRIES = 4;
/** The first wait before running again; it doubles with every try, with jitter. */
const FIRST_BACKOFF_MS = 10;

function isConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && CONFLICT_CODES.has((error as { code?: unknown }).code as string);
}

/** How long to wait before try `tryNumber + 1`: doubling, spread from half to one and a half times, so the two sides do not meet again. */
export const backoffMs = (tryNumber: number, random: () => number = Math.random) => FIRST_BACKOFF_MS * 2 ** (tryNumber - 1) * (0.5 + random());

interface Attempt {
  calledOutside: boolean;
}
const currentAttempt = new AsyncLocalStorage<Attempt>();

/**
 * Said by a transaction body just before it calls an outside party (a card provider, a mail or
 * SMS service): what it asked for cannot be taken back by a rollback, so the body is never run again.
 */
export function callingOutside(): void {
  const attempt = currentAttempt.getStore();
  if (attempt) attempt.calledOutside = true;
}

interface RetryOptions {
  tries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told of each conflict that is run again (metrics, logs). */
  onRetry?: (tryNumber: number, error: unknown) => void;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `transaction` (a whole transaction: begin, body, commit or rollback) and runs it again after
 * a deadlock or serialisation failure, up to `tries` times, unless its body called an outside party.
 */
export async function retryOnConflict<T>(transaction: () => Promise<T>, { tries = TRANSACTION_TRIES, sleep = sleepFor, onRetry }: RetryOptions = {}): Promise<T> {
  for (let tryNumber = 1; ; tryNumber += 1) {
    const attempt: Attempt = { calledOutside: false };
    try {
      return await currentAttempt.run(attempt, transaction);
    } catch (error) {
      if (tryNumber >= tries || attempt.calledOutside || !isConflict(error)) throw error;
      onRetry?.(tryNumber, error);
      await sleep(backoffMs(tryNumber));
    }
  }
}

/** `db.transaction().execute(work)`, run again on a conflict (see `retryOnConflict`). */
export function runTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return retryOnConflict(() => db.transaction().execute(work));
}
