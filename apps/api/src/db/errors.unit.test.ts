import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a database that is away for the moment', () => {
  it('is told by the errors of both databases and of the network', () => {
    const away = [
      withCode('ECONNREFUSED'),
      Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' }),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006', 'connection failure'),
      withCode('53100', 'could not extend file: No space left on device'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      withCode('SQLITE_FULL', 'database or disk is full'),
      withCode('SQLITE_IOERR_WRITE', 'disk I/O error'),
      withCode('SQLITE_BUSY', 'database is locked'),
      withCode('SQLITE_BUSY_SNAPSHOT', 'database is locked'),
      withCode('SQLITE_CANTOPEN_ISDIR', 'unable to open database file'),
      new Error('moving money failed', { cause: withCode('57P01') }),
    ];
    for (const error of away) expect(isDatabaseUnavailable(error), String((error as Error).message)).toBe(true);
  });

  it('is not told by a wrong query, a broken rule or a programming error', () => {
    const wrong = [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('23514', 'new row violates check constraint'),
      withCode('40P01', 'deadlock detected'),
      withCode('42P01', 'relation does not exist'),
      withCode('08P01', 'bind message has 70000 parameter formats but 0 parameters'),
      withCode('SQLITE_CONSTRAINT_CHECK', 'CHECK constraint failed'),
      new TypeError('Cannot read properties of undefined'),
      'ECONNREFUSED',
      null,
    ];
    for (const error of wrong) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
