import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databaseFunction, functionBody, newestDatabaseFunctions } from './database-functions.js';

/**
 * Every shipped version of a database function, with the SHA-256 of its statement (the file without
 * its leading comment): databases that ran a version hold its text, so a shipped version never
 * changes. A new version is a new file, a new migration and a new line here.
 */
const SHIPPED: Record<string, string> = {
  'change_wallet_balance.v1': '6baa08c8e4b4fcc2f29b8c956f6cd9fdbfe02178455ac40c0f12c5f06c4a2a7a',
  'forbid_journal_change.v1': 'b3ec24388b0b15ee2c0f8c91337b15e7856d01a4f166d68ac408be4da744014a',
  'forbid_transfer_change.v1': '46d0d0c31d602ef5bbb14819a47e639e0ba7c68799eeb17183b3029215443790',
  'journal_json_v1.v1': 'f27d24d18f1ebdff05c417415279ff035fbbeee57f42460b46c3557c083f2073',
  'link_transfer_into_chain.v1': '3c1cf9d253869b358d0d8bab685be27c74755fd964e397247bf820b35ffe607e',
  'move_money.v1': '33b1733002e42e77c496f194ccdae3862d0158fcdd4325048d98b130e0ac069a',
  'move_money.v2': 'eff531961a8a65e85a30c246835a5f6da9570823c19104278c2d17b3c3bac46a',
};

const statementOnly = (text: string) => text.replace(/^(--[^\n]*\n)+/, '');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the database functions, one .sql file per version', () => {
  it('every shipped version is unchanged', () => {
    const actual = Object.fromEntries(
      Object.keys(SHIPPED).map((key) => {
        const [name = '', version = ''] = key.split('.v');
        return [key, sha256(statementOnly(databaseFunction(name, Number(version))))];
      }),
    );
    expect(actual).toEqual(SHIPPED);
  });

  it('every file is a shipped version, named <name>.v<version>.sql, with one $$-quoted body', () => {
    const newest = newestDatabaseFunctions();
    // change_wallet_balance, forbid_transfer_change, journal_json_v1 and link_transfer_into_chain were dropped (DROPPED_DATABASE_FUNCTIONS).
    expect(newest.map(({ name }) => name)).toEqual(['forbid_journal_change', 'move_money']);
    for (const { name, version, statement } of newest) {
      expect(Object.keys(SHIPPED)).toContain(`${name}.v${version}`);
      expect(statementOnly(statement)).toMatch(new RegExp(`^create (or replace )?function ${name}\\(`));
      expect(functionBody(statement).length).toBeGreaterThan(0);
    }
  });

  it('a version that does not exist is named in the error', () => {
    expect(() => databaseFunction('move_money', 99)).toThrow(/move_money version 99/);
  });
});
