import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The PostgreSQL functions and triggers' functions (the ledger's writer on PostgreSQL, the journal's
 * guards), one `.sql` file per version in `functions/`: `<name>.v<version>.sql`, holding one
 * `create function` (or `create or replace function`) statement after its comment.
 *
 * A migration creates a function by loading its file (`databaseFunction('move_money', 1)`), so the
 * text lives in one place, not inside a migration's TypeScript; a changed function is a new version
 * file created by a new migration, and a shipped version is never edited (databases that ran it
 * hold its text). The newest version of each name is what a migrated database runs: a test compares
 * every deployed function with it (database-functions.api.test.ts).
 *
 * The files sit beside this module in the sources and beside the bundle in `apps/api/dist/functions`
 * (bundle.ts copies them there).
 */
export const DATABASE_FUNCTIONS_FOLDER = 'functions';

const FILE_NAME = /^([a-z][a-z0-9_]*)\.v([1-9][0-9]*)\.sql$/;

/** Beside this module (the sources, or the bundle's main file), or one level up (a bundle chunk). */
function functionsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, DATABASE_FUNCTIONS_FOLDER), path.join(here, '..', DATABASE_FUNCTIONS_FOLDER)];
  const found = candidates.find((folder) => fs.existsSync(folder));
  if (!found) throw new Error(`No ${DATABASE_FUNCTIONS_FOLDER}/ folder of database functions beside ${here}`);
  return found;
}

/** The statement that creates version `version` of function `name`. */
export function databaseFunction(name: string, version: number): string {
  const file = path.join(functionsFolder(), `${name}.v${version}.sql`);
  if (!fs.existsSync(file)) throw new Error(`No database function ${name} version ${version} (${file})`);
  return fs.readFileSync(file, 'utf8');
}

export interface DatabaseFunctionVersion {
  name: string;
  version: number;
  /** The file's whole text: its comment and the `create function` statement. */
  statement: string;
}

/**
 * Functions a later migration dropped, with that migration: their files stay (databases migrated
 * before it ran them, and the migrations that created them load them), and a database migrated to
 * the end no longer has them.
 */
export const DROPPED_DATABASE_FUNCTIONS: Readonly<Record<string, string>> = {
  change_wallet_balance: '2026-11-29T1000-wallet-chains',
  forbid_transfer_change: '2026-11-29T1000-wallet-chains',
  journal_json_v1: '2026-11-29T1000-wallet-chains',
  link_transfer_into_chain: '2026-11-29T1000-wallet-chains',
};

/** The newest version of every function in the folder that is not dropped: what a database migrated to the end runs. */
export function newestDatabaseFunctions(): DatabaseFunctionVersion[] {
  const newest = new Map<string, number>();
  for (const file of fs.readdirSync(functionsFolder())) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`${DATABASE_FUNCTIONS_FOLDER}/${file} is not named <name>.v<version>.sql`);
    const [, name = '', version = '0'] = match;
    newest.set(name, Math.max(newest.get(name) ?? 0, Number(version)));
  }
  return [...newest]
    .filter(([name]) => !(name in DROPPED_DATABASE_FUNCTIONS))
    .sort(([left], [right]) => (left < right ? -1 : 1)).map(([name, version]) => ({ name, version, statement: databaseFunction(name, version) }));
}

/**
 * The function's body as PostgreSQL stores it (`pg_proc.prosrc`): the text between the statement's
 * first `$$` and its last.
 */
export function functionBody(statement: string): string {
  const start = statement.indexOf('$$');
  const end = statement.lastIndexOf('$$');
  if (start < 0 || end <= start) throw new Error('A database function statement has no $$-quoted body');
  return statement.slice(start + 2, end);
}
