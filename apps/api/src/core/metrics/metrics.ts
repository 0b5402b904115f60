import { errorCodes } from '@poisha/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { errorBody } from '../errors.js';
import { isoAt, type Clock } from '../clock.js';
import { safeEqual } from '../session/tokens.js';
import { IDLE_TIMEOUT_MS } from '../session/session-policy.js';

/**
 * What a money-moving route answered: recorded by `idempotentRoute` for fresh outcomes only, so
 * a retry answered from the idempotency store is not counted twice.
 */
export interface MoneyOutcome {
  status: number;
  body: unknown;
}

export interface AppMetrics {
  registry: Registry;
  moneyOutcome(request: FastifyRequest, outcome: MoneyOutcome): void;
}

/** Money routes by route pattern → the movement's type label. */
const MOVEMENT_TYPES: Record<string, string> = {
  '/api/v1/transfers': 'transfer',
  '/api/v1/deposits/bank': 'bank_deposit',
  '/api/v1/deposits/card': 'card_deposit',
  '/api/v1/deposits/paypal/orders/:id/capture': 'paypal_deposit',
  '/api/v1/money-requests/:id/pay': 'request_payment',
};

/** Seconds; from a cached answer to a slow argon2 sign-in. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

const UNMATCHED_ROUTE = '(unmatched)';

function amountOf(body: unknown): number {
  const amount = (body as { amount?: unknown } | null)?.amount;
  const cents = typeof amount === 'object' && amount !== null ? (amount as { amount?: unknown }).amount : amount;
  return typeof cents === 'number' && Number.isSafeInteger(cents) && cents > 0 ? cents : 0;
}

function outcomeOf({ status, body }: MoneyOutcome): string {
  if (status >= 200 && status < 300) return (body as { status?: unknown } | null)?.status === 'declined' ? 'declined' : 'succeeded';
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : String(status);
}

/**
 * Prometheus metrics of one app (its own registry, so several apps in one process do not mix):
 * requests by route pattern (never the raw URL) and status, money movements by type and outcome,
 * cents moved, sign-ups and logins, sessions, the database pool and query times, and prom-client's
 * process metrics (event-loop lag among them). Labels never name a user.
 */
export function registerMetrics(app: FastifyInstance, { db, clock, token }: { db: Db; clock: Clock; token: string | undefined }): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const movements = new Counter({ name: 'poisha_money_movements_total', help: 'Transfers, deposits and request payments, by type and outcome (succeeded, declined, or the refusal code)', labelNames: ['type', 'outcome'], registers: [registry] });
  const moved = new Counter({ name: 'poisha_money_moved_cents_total', help: 'Money moved by successful movements, in cents, by type', labelNames: ['type'], registers: [registry] });
  const signups = new Counter({ name: 'poisha_signups_total', help: 'Accounts created', registers: [registry] });
  const logins = new Counter({ name: 'poisha_logins_total', help: 'Sign-in attempts by outcome: succeeded, failed (wrong e-mail or password), locked, rate_limited, invalid', labelNames: ['outcome'], registers: [registry] });
  const queries = new Histogram({ name: 'poisha_db_query_duration_seconds', help: 'Database query times, by outcome (ok, error)', labelNames: ['outcome'], buckets: QUERY_BUCKETS, registers: [registry] });

  new Gauge({
    name: 'poisha_active_sessions',
    help: 'Sessions neither expired nor idle, counted at scrape time',
    registers: [registry],
    async collect() {
      this.set(await activeSessions(db.kysely, clock()));
    },
  });
  const pool = db.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge('poisha_db_pool_connections', 'PostgreSQL pool: open connections', () => pool.totalCount);
    poolGauge('poisha_db_pool_idle_connections', 'PostgreSQL pool: idle connections', () => pool.idleCount);
    poolGauge('poisha_db_pool_waiting_clients', 'PostgreSQL pool: queries waiting for a connection', () => pool.waitingCount);
  }

  const stopObserving = db.observeQueries((ms, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000));
  app.addHook('onClose', async () => stopObserving());

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route, status: reply.statusCode };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (request.method !== 'POST') return;
    if (route === '/api/v1/auth/signup' && reply.statusCode === 201) signups.inc();
    else if (route === '/api/v1/auth/login') logins.inc({ outcome: loginOutcome(reply.statusCode) });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send(errorBody(errorCodes.notFound, 'Not found'));
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!safeEqual(presented, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(errorBody(errorCodes.unauthenticated, 'The metrics token is missing or wrong'));
    }
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });

  return {
    registry,
    moneyOutcome(request, outcome) {
      const type = MOVEMENT_TYPES[request.routeOptions.url ?? ''] ?? 'other';
      const result = outcomeOf(outcome);
      movements.inc({ type, outcome: result });
      if (result === 'succeeded') {
        const cents = amountOf(outcome.body);
        if (cents > 0) moved.inc({ type }, cents);
      }
    },
  };
}

function loginOutcome(status: number): string {
  switch (status) {
    case 200:
      return 'succeeded';
    case 401:
      return 'failed';
    case 403:
      return 'locked';
    case 429:
      return 'rate_limited';
    default:
      return 'invalid';
  }
}

async function activeSessions(db: Kysely<Database>, now: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('expires_at', '>', isoAt(now))
    .where('last_seen_at', '>', isoAt(now - IDLE_TIMEOUT_MS))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}
