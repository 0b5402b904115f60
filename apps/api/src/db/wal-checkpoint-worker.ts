/**
 * The WAL checkpoint worker (decision 0027), run on a thread of its own by `WalCheckpointer`
 * (wal-checkpointer.ts): its own connection to the database file, copying the WAL's frames into it
 * with PASSIVE checkpoints, which never wait for, nor block, the server's reads and writes.
 *
 * It imports nothing of the app, and the app imports only its types (importing the module would run
 * it): the server bundle builds it as an entry of its own (`apps/api/dist/wal-checkpoint-worker.js`,
 * bundle.ts), and from the sources it runs through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** What `WalCheckpointer` starts the worker with. */
export interface CheckpointWorkerData {
  /** The database file (its `-wal` file beside it). */
  file: string;
  /** How often to checkpoint. */
  everyMs: number;
}

/** What the worker tells the server: a checkpoint that failed (the next one is tried as usual). */
export interface CheckpointWorkerMessage {
  error: string;
}

if (!parentPort) throw new Error('wal-checkpoint-worker runs as a worker thread, started by WalCheckpointer');
const server = parentPort;
const { file, everyMs } = workerData as CheckpointWorkerData;
const db = new SQLite(file);

const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    const message: CheckpointWorkerMessage = { error: error instanceof Error ? error.message : String(error) };
    server.postMessage(message);
  }
};
const timer = setInterval(checkpoint, everyMs);

// Any message from the server asks the worker to stop: close its connection and end the thread.
server.on('message', () => {
  clearInterval(timer);
  db.close();
  server.close();
});
