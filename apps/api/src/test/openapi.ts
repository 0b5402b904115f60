import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}

export interface Operation {
  method: HttpMethod;
  /** The OpenAPI path, e.g. /api/v1/bank-accounts/{id}. */
  path: string;
  /** "METHOD path", the key tests list operations by. */
  key: string;
  pathParams: string[];
  queryParams: OpenApiParameter[];
  /** Content types of the request body; empty when the operation takes none. */
  bodyTypes: string[];
  bodySchema?: Record<string, unknown>;
}

/** Every operation the running API documents at /api/docs/json: the source of the matrix and the fuzz. */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
  const doc = response.json<{ paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> } }>> }>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase() as HttpMethod;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        bodyTypes: Object.keys(content),
        ...(content['application/json']?.schema ? { bodySchema: content['application/json'].schema } : {}),
      });
    }
  }
  return operations;
}

/** The URL of an operation with its path parameters filled in (each value URL-encoded). */
export function urlOf(operation: Operation, params: Record<string, string>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${operation.key}`);
    return encodeURIComponent(value);
  });
}

/**
 * Tables a rejected request may legitimately write to: the record of the rejection itself (audit
 * log, rate-limit counters) and the session's last activity. Everything else must stay the same.
 */
export const BOOKKEEPING_TABLES = new Set(['audit_events', 'rate_limit_buckets', 'sessions', 'kysely_migration', 'kysely_migration_lock']);

async function tableNames(db: Db): Promise<string[]> {
  if (db.dialect === 'postgres') {
    const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely);
    return rows.rows.map((row) => row.name).sort();
  }
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  return rows.rows.map((row) => row.name).sort();
}

/** Each table's row count and a checksum of its rows (in any order), but the bookkeeping tables. */
export async function snapshotTables(db: Db): Promise<Record<string, string>> {
  // The tables are read in parallel: on PostgreSQL a fuzz run takes two snapshots per request, and
  // one query after another made it the slowest test of the suite.
  const tables = (await tableNames(db)).filter((table) => !BOOKKEEPING_TABLES.has(table));
  const checksums = await Promise.all(
    tables.map(async (table) => {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
      const lines = rows.rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value instanceof Date ? value.toISOString() : value))).sort();
      return [table, `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`] as const;
    }),
  );
  return Object.fromEntries(checksums);
}
