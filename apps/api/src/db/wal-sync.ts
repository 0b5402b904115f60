import fs from 'node:fs/promises';
import path from 'node:path';

/** Makes a file's written data durable; `fdatasync` on the real file, something slower or failing in tests. */
export type SyncFile = (filePath: string) => Promise<void>;

/**
 * `fdatasync` of a file through a descriptor of its own: on Linux the call flushes the inode's dirty
 * pages whoever wrote them, so it covers what SQLite's connection wrote to its WAL. It runs in
 * libuv's thread pool, so the event loop goes on while the disk works.
 */
export const fdatasyncFile: SyncFile = async (filePath) => {
  const handle = await fs.open(filePath, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
};

/**
 * Durability for SQLite in WAL mode without blocking the event loop (decision 0019). The connection
 * runs with `synchronous = NORMAL`: a COMMIT appends the transaction's frames to the WAL and returns
 * without syncing. `synchronous = FULL` differs from NORMAL in exactly one thing, an fdatasync of the
 * WAL after each commit; `WalSync` does that sync here, off the event loop, and the caller answers
 * only once it has returned. What is on disk when a writer is answered is what FULL would have put
 * there.
 *
 * `sync()` resolves after an fdatasync that *started* after the call (one that was already running
 * may have missed the caller's frames). Calls made before that next sync starts share it, and the
 * WAL is appended in commit order, so one sync makes every earlier commit durable: a burst of
 * commits costs one sync, not one each.
 */
export class WalSync {
  /** The sync everyone asking now will wait for; starts once the running one (if any) is done. */
  private next: { promise: Promise<void>; start(): void } | null = null;
  private running: Promise<void> | null = null;
  private directorySynced = false;

  constructor(
    private readonly walPath: string,
    private readonly syncFile: SyncFile = fdatasyncFile,
  ) {}

  sync(): Promise<void> {
    if (!this.next) {
      let start!: () => void;
      const promise = new Promise<void>((resolve, reject) => {
        start = () => {
          this.next = null;
          this.running = this.syncOnce().then(resolve, reject);
          void this.running.finally(() => {
            this.running = null;
            this.startNext();
          });
        };
      });
      this.next = { promise, start };
      // Started after this turn of the event loop, so the commits and releases of one turn share it.
      setImmediate(() => this.startNext());
    }
    return this.next.promise;
  }

  private startNext(): void {
    if (!this.running && this.next) this.next.start();
  }

  private async syncOnce(): Promise<void> {
    await this.syncFile(this.walPath);
    // The WAL file's directory entry must be durable too, once: SQLite created the file.
    if (!this.directorySynced) {
      await this.syncFile(path.dirname(this.walPath));
      this.directorySynced = true;
    }
  }
}
