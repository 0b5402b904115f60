/**
 * The load generator of `npm run bench`, run as its own process so that it does not share the
 * server's event loop: `clients` keep-alive connections, each sending its next request as soon as
 * the last one is answered, for `seconds`. Prints one JSON line: answers by status, latencies.
 *
 *   node --import tsx scripts/bench/load.ts '<json LoadPlan>'
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadPlan {
  /** One base URL per API instance; the clients are spread over them. */
  bases: string[];
  clients: number;
  seconds: number;
  /** `transfers`: authenticated POST /api/v1/transfers between random wallets; `get`: GET `path`. */
  kind: 'transfers' | 'get';
  path?: string;
  /** A JSON file of `{ phone, token }[]` (sessions of the seeded wallets). */
  walletsFile?: string;
  /** GET with the bearer token of a random wallet (for `get`). */
  authenticated?: boolean;
  /** Only this wallet's token (for `get`): the statement of one long-lived wallet. */
  fixedToken?: string;
  /** The transfers' reference, so the invariant check can count them. */
  reference?: string;
  /** The payment PIN every transfer carries, as every payment must (the seeded wallets share one). */
  pin?: string;
}

export interface LoadResult {
  seconds: number;
  requests: number;
  statuses: Record<string, number>;
  latenciesMs: { p50: number; p90: number; p99: number; max: number };
  errors: number;
}

interface SeededWallet {
  phone: string;
  token: string;
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

function send(agent: http.Agent, url: URL, method: string, headers: Record<string, string>, body: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const wallets: SeededWallet[] = plan.walletsFile ? (JSON.parse(fs.readFileSync(plan.walletsFile, 'utf8')) as SeededWallet[]) : [];
  const agents = plan.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: plan.clients }));
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const randomWallet = () => wallets[Math.floor(Math.random() * wallets.length)]!;
  const deadline = performance.now() + plan.seconds * 1000;
  const started = performance.now();

  await Promise.all(
    Array.from({ length: plan.clients }, async (_, client) => {
      const instance = client % plan.bases.length;
      const agent = agents[instance]!;
      const base = plan.bases[instance]!;
      const transfersUrl = new URL('/api/v1/transfers', base);
      const getUrl = new URL(plan.path ?? '/', base);
      while (performance.now() < deadline) {
        let status: number;
        const sentAt = performance.now();
        try {
          if (plan.kind === 'transfers') {
            const from = randomWallet();
            let to = randomWallet();
            while (to === from) to = randomWallet();
            status = await send(
              agent,
              transfersUrl,
              'POST',
              { 'content-type': 'application/json', authorization: `Bearer ${from.token}`, 'idempotency-key': crypto.randomUUID() },
              JSON.stringify({ to: to.phone, amount: 1 + Math.floor(Math.random() * 500), reference: plan.reference ?? 'bench', pin: plan.pin }),
            );
          } else {
            const token = plan.fixedToken ?? (plan.authenticated ? randomWallet().token : null);
            status = await send(agent, getUrl, 'GET', token ? { authorization: `Bearer ${token}` } : {}, null);
          }
        } catch {
          errors += 1;
          continue;
        }
        latencies.push(performance.now() - sentAt);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    seconds: elapsed,
    requests: latencies.length,
    statuses,
    latenciesMs: { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) },
    errors,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
  runLoad(plan)
    .then((result) => process.stdout.write(`${JSON.stringify(result)}\n`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
