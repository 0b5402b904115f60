import { errorCodes } from '@poisha/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';

/**
 * Whether this process should be sent traffic. It starts `starting` (listening, so the live check
 * answers, while migrations run), becomes `ready`, and turns `stopping` at SIGTERM.
 */
export type ReadinessState = 'starting' | 'ready' | 'stopping';

export interface Readiness {
  readonly state: ReadinessState;
  /** Settles when the process becomes ready (background jobs wait for the migrations with it). */
  readonly whenReady: Promise<void>;
  markReady(): void;
  markStopping(): void;
}

export function createReadiness(initial: ReadinessState = 'ready'): Readiness {
  let state = initial;
  let resolveReady = () => {};
  const whenReady = initial === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => (resolveReady = resolve));
  return {
    get state() {
      return state;
    },
    whenReady,
    markReady() {
      if (state === 'starting') {
        state = 'ready';
        resolveReady();
      }
    },
    markStopping() {
      state = 'stopping';
    },
  };
}

/** Why a process that is not ready says so, in the 503's message. */
export const notReadyMessage: Record<Exclude<ReadinessState, 'ready'>, string> = {
  starting: 'The server is starting: the database migrations are running',
  stopping: 'The server is shutting down',
};

/**
 * A query that must answer within `timeoutMs`: a database that hangs (a dropped network) fails the
 * check as surely as one that refuses the connection.
 */
export async function answersWithin<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** While the process starts (migrations), every request but the probes is answered 503. */
export function refuseRequestsWhileStarting(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onRequest', async (request) => {
    if (readiness.state === 'starting' && !request.url.startsWith('/api/health')) {
      throw new AppError(errorCodes.unavailable, notReadyMessage.starting);
    }
  });
}
