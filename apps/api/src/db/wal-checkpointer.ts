import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker copies the WAL's new frames into the database file. */
const CHECKPOINT_EVERY_MS = 50;
/**
 * The server's own connection checkpoints only past this many frames (16 MB of WAL). By then the
 * worker has copied nearly all of them, so that checkpoint copies the last few and lets the next
 * write start the WAL over; SQLite's default, 1,000 frames, made it copy them all itself.
 */
export const SERVER_CHECKPOINT_FRAMES = 4000;

/**
 * The worker: its own connection to the database, copying frames with PASSIVE checkpoints (which
 * never wait for, nor block, the server's reads and writes). CommonJS, run with `eval`, so that
 * it needs no file of its own next to the bundle.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

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
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS } });
    this.worker.unref();
    this.worker.on('message', (message: { error: string }) => onError(message.error));
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
