import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fdatasyncFile, WalSync } from './wal-sync.js';

/** A sync the test finishes by hand, recording what was synced and when it started. */
function manualSyncs() {
  const started: Array<{ file: string; finish(error?: Error): void }> = [];
  const syncFile = (file: string) =>
    new Promise<void>((resolve, reject) => {
      started.push({ file, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { started, syncFile };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const settledState = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await turn();
  return state;
};

describe('WalSync', () => {
  it('gives the calls of one turn one sync of the WAL, and syncs its folder the first time only', async () => {
    const { started, syncFile } = manualSyncs();
    const wal = new WalSync('/data/poisha.sqlite-wal', syncFile);
    const first = [wal.sync(), wal.sync(), wal.sync()];
    await turn();
    expect(started.map((sync) => sync.file)).toEqual(['/data/poisha.sqlite-wal']);
    started[0]!.finish();
    await turn();
    expect(started.map((sync) => sync.file)).toEqual(['/data/poisha.sqlite-wal', '/data']);
    expect(await settledState(first[0]!)).toBe('pending');
    started[1]!.finish();
    await Promise.all(first);

    const later = wal.sync();
    await turn();
    expect(started.map((sync) => sync.file)).toEqual(['/data/poisha.sqlite-wal', '/data', '/data/poisha.sqlite-wal']);
    started[2]!.finish();
    await later;
  });

  it('does not let a sync that was already running answer a later call: that call waits for the next one', async () => {
    const { started, syncFile } = manualSyncs();
    const wal = new WalSync('/d/x-wal', syncFile);
    const early = wal.sync();
    await turn();
    started[0]!.finish();
    await turn();
    started[1]!.finish(); // the folder, once
    await early;

    const before = wal.sync();
    await turn();
    expect(started).toHaveLength(3);
    // Written after the running sync started: it may not cover this, so this call waits for the next.
    const after = wal.sync();
    const alsoAfter = wal.sync();
    await turn();
    expect(started).toHaveLength(3);
    started[2]!.finish();
    await before;
    expect(await settledState(after)).toBe('pending');
    await turn();
    expect(started).toHaveLength(4);
    started[3]!.finish();
    await Promise.all([after, alsoAfter]);
  });

  it('fails every caller of a sync that fails, and the next call tries again', async () => {
    const { started, syncFile } = manualSyncs();
    const wal = new WalSync('/d/x-wal', syncFile);
    const waiting = [wal.sync(), wal.sync()];
    await turn();
    started[0]!.finish(new Error('EIO'));
    for (const promise of waiting) await expect(promise).rejects.toThrow('EIO');
    const retry = wal.sync();
    await turn();
    started[1]!.finish();
    await turn();
    started[2]!.finish();
    await retry;
  });

  it('syncs a real file and folder with fdatasync', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-sync-'));
    const file = path.join(dir, 'poisha.sqlite-wal');
    fs.writeFileSync(file, 'frames');
    await new WalSync(file, fdatasyncFile).sync();
    await expect(fdatasyncFile(path.join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
    fs.rmSync(dir, { recursive: true });
  });
});
