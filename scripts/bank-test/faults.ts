/**
 * The bank test's faults besides SIGKILL (issue 27): what the database does to a running API.
 * - `cut`: the PostgreSQL server ends every connection of the bank database (`pg_terminate_backend`,
 *   as an operator or a failover does); the API instances keep running.
 * - `restart`: the local PostgreSQL cluster restarts (`pg_ctlcluster … restart -m fast`): down for a
 *   second or so, every connection gone. It restarts the whole cluster, so only `npm run test:bank`
 *   offers it, never `npm test` (other tests use the same server).
 * - `disk-full`: the SQLite database lives on a small file system made for the run (a tmpfs, which
 *   needs root to mount), and a filler file takes all its free space for a moment, then is removed.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const FAULTS = ['kill', 'cut', 'restart', 'disk-full'] as const;
export type Fault = (typeof FAULTS)[number];

const run = promisify(execFile);

/** Which database each fault needs. */
export function faultFits(fault: Fault, db: 'sqlite' | 'postgres'): boolean {
  if (fault === 'cut' || fault === 'restart') return db === 'postgres';
  if (fault === 'disk-full') return db === 'sqlite';
  return true;
}

/** Ends every connection to the database of `databaseUrl` but the one asking; answers how many. */
export async function cutConnections(databaseUrl: string): Promise<number> {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

/** Restarts the local PostgreSQL cluster (Debian's pg_ctlcluster), fast: sessions are ended, not waited for. */
export async function restartPostgres(): Promise<void> {
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  if (versions.length !== 1) throw new Error(`--fault restart needs exactly one local PostgreSQL cluster under /etc/postgresql (found ${versions.length})`);
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0]!, 'main', 'restart', '-m', 'fast']);
}

/** A small tmpfs mounted at `folder` (root only): the disk that the disk-full fault fills. */
export async function mountSmallDisk(folder: string, sizeMegabytes: number): Promise<() => Promise<void>> {
  if (process.getuid?.() !== 0) throw new Error('--fault disk-full mounts a small file system for the database: run it as root');
  fs.mkdirSync(folder, { recursive: true });
  await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMegabytes}m`, 'tmpfs', folder]);
  return async () => {
    await run('umount', ['--lazy', folder]);
  };
}

/** Fills the file system of `folder` to the last byte; answers the function that frees it again. */
export function fillDisk(folder: string): () => void {
  const filler = path.join(folder, 'filler');
  const chunk = Buffer.alloc(1024 * 1024);
  const descriptor = fs.openSync(filler, 'w');
  try {
    for (let size = chunk.length; size >= 512; ) {
      try {
        fs.writeSync(descriptor, chunk, 0, size);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        size = Math.floor(size / 2);
      }
    }
  } finally {
    fs.closeSync(descriptor);
  }
  return () => fs.rmSync(filler, { force: true });
}
