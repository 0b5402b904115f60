import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CheckpointWorkerData, CheckpointWorkerMessage } from './wal-checkpoint-worker.js';

/** How often the worker copies the WAL's new frames into the database file. */
const CHECKPOINT_EVERY_MS = 50;
/**
 * The server's own connection checkpoints only past this many frames (16 MB of WAL). By then the
 * worker has copied nearly all of them, so that checkpoint copies the last few and lets the next
 * write start the WAL over; SQLite's default, 1,000 frames, made it copy them all itself.
 */
export const SERVER_CHECKPOINT_FRAMES = 4000;

/** The worker's module beside this one, built into the bundle as an entry of its own (bundle.ts). */
export const CHECKPOINT_WORKER_MODULE = 'wal-checkpoint-worker';

/**
 * Starts the worker (wal-checkpoint-worker.ts) however the server runs. From the bundle (`npm run
 * start:prod`), this code is in `dist/server.js` and the worker is its entry beside it. From the
 * sources it is the TypeScript module, loaded through tsx's module hooks in the worker's own
 * thread: `npm start` passes `--import tsx` on to its workers, a Vitest worker has no tsx of its
 * own, so the worker is always started with it (by path, whatever the current directory).
 */
function startWorker(workerData: CheckpointWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${CHECKPOINT_WORKER_MODULE}.js`, here), { workerData });
  const tsxModuleHooks = pathToFileURL(createRequire(here).resolve('tsx/esm')).href;
  return new Worker(new URL(`./${CHECKPOINT_WORKER_MODULE}.ts`, here), { workerData, execArgv: ['--import', tsxModuleHooks] });
}

/**
 * Copies SQLite's WAL into the database file on a thread of its own (issue 11). A checkpoint run
 * by the server's connection ran inside the COMMIT that crossed the WAL's size, on the event loop:
 * measured in `npm run bench`, two thirds of the time COMMIT took (7.0 ms per batch with the
 * automatic checkpoint, 2.4 ms without), with two fsyncs each time. A checkpoint changes no data,
 * only where it is kept: the frames stay valid in the WAL until the copy is synced.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(file: string, onError: (message: string) => void) {
    this.worker = startWorker({ file, everyMs: CHECKPOINT_EVERY_MS });
    this.worker.unref();
    this.worker.on('message', (message: CheckpointWorkerMessage) => onError(message.error));
    this.worker.on('error', (error) => onError(error.message));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** Closes the worker's connection and ends the thread (before the server's own connection closes). */
  async stop(): Promise<void> {
    // Unreferenced so that it never keeps a process alive; while it stops, it must.
    this.worker.ref();
    this.worker.postMessage('stop');
    await this.exited;
  }
}
