import type { FastifyInstance } from 'fastify';

export interface RepeatingJob {
  /** What a failed run logs: "<what> failed; the next run tries again". */
  what: string;
  everyMs: number;
  /** The first run waits for this (the server listens before it migrates). */
  whenReady: Promise<void>;
  run: () => Promise<void>;
}

/**
 * Runs a job once the server is ready and every `everyMs` after, one run at a time. Every instance
 * may run it, so a job must be idempotent or safe to race; a failed run is logged and the next one
 * tries again; closing waits for a run in progress, so a run never outlives the database.
 */
export function startRepeatingJob(app: FastifyInstance, job: RepeatingJob): void {
  let inFlight: Promise<void> = Promise.resolve();
  const run = () => {
    inFlight = inFlight.then(async () => {
      try {
        await job.run();
      } catch (error) {
        app.log.warn({ err: error }, `${job.what} failed; the next run tries again`);
      }
    });
  };
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  app.addHook('onReady', async () => {
    void job.whenReady.then(() => {
      if (closed) return;
      run();
      timer = setInterval(run, job.everyMs);
      timer.unref();
    });
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await inFlight;
  });
}
