/**
 * Tells which unique constraint a failed insert hit, on either database, so a race between two
 * sign-ups with the same e-mail ends in the same 409 as the ordinary check.
 */
export function uniqueViolationColumn(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, detail } = error as { code?: string; message?: string; detail?: string };
  if (code === '23505') {
    // PostgreSQL: detail reads "Key (email)=(a@b.c) already exists."
    return /Key \(([^)]+)\)/.exec(detail ?? '')?.[1] ?? 'unknown';
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    // SQLite: message reads "UNIQUE constraint failed: users.email"
    return /failed: \w+\.(\w+)/.exec(message ?? '')?.[1] ?? 'unknown';
  }
  return null;
}

/** Connection-level codes from Node's sockets and DNS: the database server cannot be reached. */
const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL error codes that mean "not now" rather than "wrong": class 08 (connection exception;
 * not 08P01, a protocol violation, which is our bug: more than 65,535 parameters, say),
 * 53 (insufficient resources: disk full, out of memory, too many connections), 57P01-57P03 (the
 * server shutting down or starting, a connection ended by an operator) and 58030 (an I/O error).
 */
const postgresUnavailable = (code: string) => (code.startsWith('08') && code !== '08P01') || code.startsWith('53') || ['57P01', '57P02', '57P03', '58030'].includes(code);

/** node-postgres's own errors when a connection goes away, which carry no code. */
const LOST_CONNECTION_MESSAGES = ['Connection terminated', 'timeout exceeded when trying to connect', 'Client has encountered a connection error and is not queryable'];

/**
 * Whether an error means the database is away for the moment (unreachable, restarting, its
 * connection cut, its disk full), so the request may succeed if sent again: the API answers 503
 * `unavailable` for it, not 500. Follows `cause` chains (a wrapped driver error).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNREACHABLE_SOCKET_CODES.has(code)) return true;
      // SQLite: the disk (or the database's size limit) is full, the file cannot be read or written,
      // or another process held the write lock past the busy timeout.
      // better-sqlite3 gives extended codes (SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT, SQLITE_CANTOPEN_ISDIR).
      if (['SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_BUSY'].some((prefix) => code.startsWith(prefix))) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && postgresUnavailable(code)) return true;
    }
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((lost) => message.startsWith(lost))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
