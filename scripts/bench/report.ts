/**
 * The table `npm run bench` prints and keeps in docs/benchmarks.md: one block per database and
 * instance count between markers, so a run replaces its own block and leaves the others (and the
 * web section) alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../apps/api/src/test/server-process.js';
import type { CeilingResult } from './ceilings.js';
import type { LoadResult } from './load.js';

export interface BenchReport {
  date: Date;
  dialect: 'sqlite' | 'postgres';
  instances: number;
  clients: number;
  seconds: number;
  readSeconds: number;
  walletCount: number;
  statementEntries: number;
  hello: LoadResult;
  transfers: LoadResult;
  me: LoadResult;
  statement: LoadResult;
  bare: CeilingResult;
  /** PostgreSQL: the ledger's writer (move_money v2), each wallet's chain moved on, as the application's transfers are. */
  bareChained: CeilingResult | null;
  /** PostgreSQL: the same rules without a chain (move_money v1): what the chains cost is the ratio of the two. */
  bareUnchained: CeilingResult | null;
  pgbench: CeilingResult | null;
  peakRssMb: Array<number | null>;
  /** The first instance's event-loop delay from its start to the end of the transfer load. */
  eventLoopDelayMs: { p99: number; max: number } | null;
  invariants: { holds: boolean; loadTransfers: number; postingsSum: number; negativeBalances: number; unbalancedTransfers: number; walletsOffTheirPostings: number };
}

const perSecond = (result: LoadResult, status = '2') =>
  Math.round(Object.entries(result.statuses).reduce((sum, [code, count]) => (code.startsWith(status) ? sum + count : sum), 0) / result.seconds);
const ratio = (value: number, ceiling: number) => (ceiling > 0 ? (value / ceiling).toFixed(2) : '–');
const statuses = (result: LoadResult) => Object.entries(result.statuses).map(([code, count]) => `${code}: ${count}`).join(', ') + (result.errors ? `, errors: ${result.errors}` : '');

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.type()} ${os.release()}`;
}

export function renderTable(report: BenchReport): string {
  const transfersPerSecond = perSecond(report.transfers);
  const hello = perSecond(report.hello);
  const me = perSecond(report.me);
  const name = report.dialect === 'sqlite' ? 'SQLite' : `PostgreSQL, ${report.instances} API instance${report.instances > 1 ? 's' : ''}`;
  const rows = [
    ['Transfers (POST /api/v1/transfers, 201)', `${transfersPerSecond}/s`, `p50 ${report.transfers.latenciesMs.p50} ms, p99 ${report.transfers.latenciesMs.p99} ms`, `${ratio(transfersPerSecond, hello)} × hello-world`],
    ['Hello-world Fastify route (ceiling)', `${hello}/s`, `p50 ${report.hello.latenciesMs.p50} ms, p99 ${report.hello.latenciesMs.p99} ms`, '1.00'],
    [`Bare transfer without HTTP (ceiling): ${report.bare.detail}`, `${report.bare.transfersPerSecond}/s`, '', `API at ${ratio(transfersPerSecond, report.bare.transfersPerSecond)} ×`],
    ...(report.bareUnchained ? [[`Bare transfer without HTTP: ${report.bareUnchained.detail}`, `${report.bareUnchained.transfersPerSecond}/s`, '', `API at ${ratio(transfersPerSecond, report.bareUnchained.transfersPerSecond)} ×`]] : []),
    ...(report.bareChained
      ? [
          [
            `Bare transfer without HTTP: ${report.bareChained.detail}`,
            `${report.bareChained.transfersPerSecond}/s`,
            '',
            `API at ${ratio(transfersPerSecond, report.bareChained.transfersPerSecond)} ×${report.bareUnchained ? `; chained ÷ unchained ${ratio(report.bareChained.transfersPerSecond, report.bareUnchained.transfersPerSecond)}` : ''}`,
          ],
        ]
      : []),
    ...(report.pgbench ? [[`${report.pgbench.detail} (ceiling)`, `${report.pgbench.transfersPerSecond} tps`, '', `API at ${ratio(transfersPerSecond, report.pgbench.transfersPerSecond)} ×`]] : []),
    ['GET /api/v1/me', `${me}/s`, `p50 ${report.me.latenciesMs.p50} ms, p99 ${report.me.latenciesMs.p99} ms`, `${ratio(me, hello)} × hello-world`],
    [`Statement page of 20, wallet of ${report.statementEntries} entries (1 connection)`, `${perSecond(report.statement)}/s`, `p50 ${report.statement.latenciesMs.p50} ms, p99 ${report.statement.latenciesMs.p99} ms`, ''],
  ];
  return [
    `### Server: ${name}`,
    '',
    `${report.date.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine()}. The production bundle (\`npm run start:prod\`), ${report.clients} connections, ${report.seconds} s of transfers (${report.readSeconds} s per read), ${report.walletCount} wallets.`,
    '',
    '| What | Throughput | Latency | Ratio |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `Answers: transfers ${statuses(report.transfers)}; /me ${statuses(report.me)}; statement ${statuses(report.statement)}.`,
    `Server peak RSS: ${report.peakRssMb.map((mb) => `${mb ?? '?'} MB`).join(' + ')}. Event-loop delay of the (first) server up to the end of the transfer load: ${report.eventLoopDelayMs ? `p99 ${report.eventLoopDelayMs.p99} ms, max ${report.eventLoopDelayMs.max} ms` : 'not read'}.`,
    `Ledger after the run: postings sum ${report.invariants.postingsSum}, unbalanced transfers ${report.invariants.unbalancedTransfers}, negative balances ${report.invariants.negativeBalances}, wallets off their postings ${report.invariants.walletsOffTheirPostings}, journal entries of the load ${report.invariants.loadTransfers} for ${report.transfers.statuses['201'] ?? 0} answers 201: ${report.invariants.holds ? 'invariants hold' : 'INVARIANTS BROKEN'}.`,
  ].join('\n');
}

const HEADER = `# Benchmarks

Figures from \`npm run bench\` (server) on the machine named in each block. Other work may run on
the same machine at the same time, so absolute numbers move between runs: the ratios to the
ceilings measured in the same run (hello-world, bare transfer, pgbench) are what to compare.

## Server
`;

/** Renders the report; with `write`, replaces this configuration's block in docs/benchmarks.md. */
export function writeServerSection(report: BenchReport, { write }: { write: boolean }): string {
  const table = renderTable(report);
  if (!write) return table;
  const file = path.join(repoRoot, 'docs/benchmarks.md');
  const key = `${report.dialect}-${report.instances}`;
  const start = `<!-- bench:${key} -->`;
  const end = `<!-- /bench:${key} -->`;
  const block = `${start}\n${table}\n${end}`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : HEADER;
  if (!text.includes('## Server')) text = `${text.trimEnd()}\n\n## Server\n`;
  if (text.includes(start) && text.includes(end)) {
    text = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length);
  } else {
    // After the last server block, or right under the heading.
    const lastEnd = text.lastIndexOf('<!-- /bench:');
    const at = lastEnd >= 0 ? text.indexOf('-->', lastEnd) + 3 : text.indexOf('## Server') + '## Server'.length;
    text = `${text.slice(0, at)}\n\n${block}${text.slice(at)}`;
  }
  fs.writeFileSync(file, `${text.trimEnd()}\n`);
  return table;
}
