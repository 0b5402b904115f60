import type { FastifyBaseLogger, FastifyError } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_AWAY_RETRY_AFTER_SECONDS, errorAnswer } from './error-handler.js';

const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
const failure = (fields: { code?: string; statusCode?: number; message?: string }) => Object.assign(new Error(fields.message ?? 'x'), fields) as FastifyError;
/** The app passes the database's own test (db/errors.ts); these codes stand for it here. */
const databaseAway = (error: unknown) => ['57P01', 'ECONNRESET'].includes(String((error as { code?: unknown }).code));

describe('the answer to an error of a database that is away', () => {
  it('is 503 unavailable with Retry-After, logged as a warning', () => {
    const answer = errorAnswer(failure({ code: '57P01', message: 'terminating connection due to administrator command' }), log, databaseAway);
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('unavailable');
    expect(answer.headers).toEqual({ 'retry-after': String(DATABASE_AWAY_RETRY_AFTER_SECONDS) });
    expect(log.warn).toHaveBeenCalled();
  });

  it('leaves a client’s own failure a 4xx: a body cut off mid-upload (ECONNRESET) that Fastify marked 400', () => {
    expect(errorAnswer(failure({ code: 'ECONNRESET', statusCode: 400, message: 'aborted' }), log, databaseAway).status).toBe(400);
  });

  it('is a 500 for anything else, logged as an error', () => {
    expect(errorAnswer(failure({ code: '42P01', message: 'relation does not exist' }), log, databaseAway).status).toBe(500);
    expect(log.error).toHaveBeenCalled();
  });
});
