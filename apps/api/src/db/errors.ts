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
