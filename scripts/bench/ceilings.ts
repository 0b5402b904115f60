/**
 * The bare transfer of `npm run bench`: the same double-entry movement as the API's (two balance
 * updates with the no-overdraft check, the transfer with a time-ordered id, its two postings)
 * without HTTP, sessions or idempotency, on the benchmark's own database once the server has stopped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { transferHash } from '../../apps/api/src/core/ledger/journal-chain.js';
import { databaseFunction } from '../../apps/api/src/db/database-functions.js';
import { timeOrderedUuid } from '../../apps/api/src/db/time-ordered-uuid.js';

export interface CeilingResult {
  transfersPerSecond: number;
  detail: string;
}

/** A plain better-sqlite3 loop, synchronous = FULL, `perCommit` transfers sharing one commit. */
export function bareSqliteTransfers(file: string, accountIds: string[], seconds: number, perCommit = 100): CeilingResult {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  const debit = database.prepare('update accounts set balance = balance - ? where id = ? and balance >= ?');
  const credit = database.prepare('update accounts set balance = balance + ? where id = ?');
  const transfer = database.prepare("insert into transfers (id, kind, amount, reference, counterparty, initiated_by, created_at) values (?, 'transfer', ?, '2', null, null, ?)");
  const posting = database.prepare('insert into postings (transfer_id, account_id, amount, direction, balance_after, created_at) values (?, ?, ?, ?, null, ?)');
  const batch = database.transaction((count: number) => {
    for (let i = 0; i < count; i += 1) {
      const from = accountIds[Math.floor(Math.random() * accountIds.length)]!;
      let to = from;
      while (to === from) to = accountIds[Math.floor(Math.random() * accountIds.length)]!;
      const amount = 1 + Math.floor(Math.random() * 500);
      const [first, second] = from < to ? [from, to] : [to, from];
      for (const id of [first, second]) {
        if (id === from ? debit.run(amount, from, amount).changes === 0 : credit.run(amount, to).changes === 0) throw new Error('bare transfer refused');
      }
      const id = timeOrderedUuid();
      const now = new Date().toISOString();
      transfer.run(id, amount, now);
      posting.run(id, from, -amount, 'out', now);
      posting.run(id, to, amount, 'in', now);
    }
  });
  let done = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  while (performance.now() < deadline) {
    batch(perCommit);
    done += perCommit;
  }
  const elapsed = (performance.now() - started) / 1000;
  database.close();
  return { transfersPerSecond: Math.round(done / elapsed), detail: `better-sqlite3 loop, WAL, synchronous FULL, ${perCommit} transfers per commit` };
}

/** Which movement the bare PostgreSQL ceiling runs. */
export type BareMovement = 'plain' | 'rules-unchained' | 'ledger';

/**
 * `clients` plain `pg` connections, each calling one plpgsql function per transfer, autocommit: the
 * movement in one round trip.
 * - `plain`: a bare double-entry movement (row locks in id order, the no-overdraft check, the
 *   transfer and its postings): the ceiling.
 * - `ledger`: the ledger's own writer, `move_money` version 2 (db/functions/), which also keeps the
 *   wallets' entry counts, refuses closed wallets and moves each wallet's hash chain on in its
 *   balance update; the content hash is made here per transfer, as moveMoney makes it (decision 0048).
 * - `rules-unchained`: the same rules without any chain, `move_money` version 1 (the writer before
 *   0048, whose chain was linked at commit by a trigger that no longer exists), loaded under another
 *   name: `ledger` ÷ this is what the wallets' chains cost.
 */
export async function barePostgresTransfers(url: string, accountIds: string[], seconds: number, { clients = 16, movement = 'plain' as BareMovement } = {}): Promise<CeilingResult> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(`create or replace function bench_bare_transfer(v_id text, p_from text, p_to text, p_amount bigint) returns void language plpgsql as $$
    begin
      if p_from < p_to then
        update accounts set balance = balance - p_amount where id = p_from and balance >= p_amount;
        if not found then raise exception 'refused'; end if;
        update accounts set balance = balance + p_amount where id = p_to;
      else
        update accounts set balance = balance + p_amount where id = p_to;
        update accounts set balance = balance - p_amount where id = p_from and balance >= p_amount;
        if not found then raise exception 'refused'; end if;
      end if;
      insert into transfers (id, kind, amount, reference, counterparty, initiated_by, created_at) values (v_id, 'transfer', p_amount, '2', null, null, now());
      insert into postings (transfer_id, account_id, amount, direction, balance_after, created_at)
        values (v_id, p_from, -p_amount, 'out', null, now()), (v_id, p_to, p_amount, 'in', null, now());
    end $$`);
  await setup.query(databaseFunction('change_wallet_balance', 1).replace('create function change_wallet_balance(', 'create or replace function bench_change_wallet_balance_v1('));
  await setup.query(
    databaseFunction('move_money', 1)
      .replace('create function move_money(', 'create or replace function bench_move_money_v1(')
      .replace('change_wallet_balance(v_side', 'bench_change_wallet_balance_v1(v_side'),
  );
  await setup.end();
  const call = {
    plain: 'select bench_bare_transfer($1, $2, $3, $4)',
    'rules-unchained': "select refused_account from bench_move_money_v1($1, 'transfer', $4, '2', null, null, $5::timestamptz, $2, true, $3, true)",
    ledger: "select refused_account from move_money($1, 'transfer', $4, '2', null, null, $5::timestamptz, $6, $2, true, $3, true)",
  }[movement];
  let done = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      while (performance.now() < deadline) {
        const from = accountIds[Math.floor(Math.random() * accountIds.length)]!;
        let to = from;
        while (to === from) to = accountIds[Math.floor(Math.random() * accountIds.length)]!;
        const id = timeOrderedUuid();
        const amount = 1 + Math.floor(Math.random() * 500);
        const createdAt = new Date().toISOString();
        const values: unknown[] = [id, from, to, amount];
        if (movement !== 'plain') values.push(createdAt);
        if (movement === 'ledger') {
          values.push(transferHash({ id, kind: 'transfer', amount, reference: '2', counterparty: null, initiatedBy: null, createdAt, debitAccountId: from, creditAccountId: to }));
        }
        const result = await client.query({ name: `bare-${movement}`, text: call, values });
        if (movement !== 'plain' && result.rows[0]?.refused_account) throw new Error('bare transfer refused');
        done += 1;
      }
      await client.end();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const detail = {
    plain: `${clients} pg clients, one prepared plpgsql call per transfer`,
    'rules-unchained': `${clients} pg clients, the ledger's rules without a chain (move_money v1)`,
    ledger: `${clients} pg clients, the ledger's writer: move_money v2, each wallet's chain moved on`,
  }[movement];
  return { transfersPerSecond: Math.round(done / elapsed), detail };
}

/** The pgbench binary of the newest PostgreSQL installed, or the one on PATH. */
export function pgbenchPath(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = `${root}/${version}/bin/pgbench`;
    if (fs.existsSync(candidate)) return candidate;
  }
  return 'pgbench';
}

/** pgbench's TPC-B-like test, prepared statements, `clients` clients, on a database of its own. */
export function pgbenchTps(url: string, seconds: number, clients = 8): CeilingResult {
  const binary = pgbenchPath();
  execFileSync(binary, ['-i', '-q', '-s', '10', url], { stdio: ['ignore', 'ignore', 'pipe'] });
  const output = execFileSync(binary, ['-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
  return { transfersPerSecond: Math.round(Number(tps)), detail: `pgbench -M prepared -c ${clients} -j 2, TPC-B-like, scale 10` };
}
