import { Migrator, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database.js';
import { identityMigration } from './migrations/2026-11-21T1000-identity.js';
import { ledgerMigration } from './migrations/2026-11-21T1100-ledger.js';
import { outreachMigration } from './migrations/2026-11-21T1200-outreach.js';
import { payYourPeopleMigration } from './migrations/2026-11-24T1000-pay-your-people.js';
import { accountAndHelpMigration } from './migrations/2026-11-24T1100-account-and-help.js';
import { proofUnderAttackMigration } from './migrations/2026-11-24T1200-proof-under-attack.js';
import { operationsMigration } from './migrations/2026-11-24T1300-operations.js';
import { journalHashChainMigration } from './migrations/2026-11-24T1330-journal-hash-chain.js';
import { statementsMigration } from './migrations/2026-11-24T1400-statements.js';
import { closedWalletsMigration } from './migrations/2026-11-24T1500-closed-wallets.js';
import { walletEntryCountsMigration } from './migrations/2026-11-24T1600-wallet-entry-counts.js';
import { chainLinkAtCommitMigration } from './migrations/2026-11-25T1000-chain-link-at-commit.js';
import { moveMoneyFunctionMigration } from './migrations/2026-11-25T1100-move-money-function.js';
import { fewerPostingsIndexesMigration } from './migrations/2026-11-27T0900-fewer-postings-indexes.js';
import { welcomeBonusClaimsMigration } from './migrations/2026-11-28T1000-welcome-bonus-claims.js';
import { signInCodesMigration } from './migrations/2026-11-28T1010-sign-in-codes.js';
import { requestLimitsMigration } from './migrations/2026-11-28T1100-request-limits.js';
import { userLanguageMigration } from './migrations/2026-11-28T1200-user-language.js';
import { provenPhoneMigration } from './migrations/2026-11-28T1300-proven-phone.js';
import { provenPhoneUniqueMigration } from './migrations/2026-11-28T1310-proven-phone-unique.js';
import { paymentPinMigration } from './migrations/2026-11-28T1400-payment-pin.js';
import { sessionListMigration } from './migrations/2026-11-28T1500-session-list.js';
import { twoStepSignInMigration } from './migrations/2026-11-28T1600-two-step-sign-in.js';
import { passkeysMigration } from './migrations/2026-11-28T1700-passkeys.js';
import { walletChainsMigration } from './migrations/2026-11-29T1000-wallet-chains.js';
import { journalSealsMigration } from './migrations/2026-11-29T1100-journal-seals.js';

/** What a migration needs to know to write the same schema on both databases. */
export interface MigrationContext {
  dialect: Dialect;
  /** Column type of a point in time. */
  timestamp: 'timestamptz' | 'text';
  /** Starts a table whose primary key `id` is a generated integer. */
  autoId<T extends string>(builder: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

/** Migrations run in the order of their names; a migration, once shipped, never changes. */
function migrations(context: MigrationContext): Record<string, Migration> {
  return {
    '2026-11-21T1000-identity': identityMigration(context),
    '2026-11-21T1100-ledger': ledgerMigration(context),
    '2026-11-21T1200-outreach': outreachMigration(context),
    '2026-11-24T1000-pay-your-people': payYourPeopleMigration(context),
    '2026-11-24T1100-account-and-help': accountAndHelpMigration(context),
    '2026-11-24T1200-proof-under-attack': proofUnderAttackMigration(context),
    '2026-11-24T1300-operations': operationsMigration(context),
    '2026-11-24T1330-journal-hash-chain': journalHashChainMigration(context),
    '2026-11-24T1400-statements': statementsMigration(context),
    '2026-11-24T1500-closed-wallets': closedWalletsMigration(context),
    '2026-11-24T1600-wallet-entry-counts': walletEntryCountsMigration(context),
    '2026-11-25T1000-chain-link-at-commit': chainLinkAtCommitMigration(context),
    '2026-11-25T1100-move-money-function': moveMoneyFunctionMigration(context),
    '2026-11-27T0900-fewer-postings-indexes': fewerPostingsIndexesMigration(),
    '2026-11-28T1000-welcome-bonus-claims': welcomeBonusClaimsMigration(context),
    '2026-11-28T1010-sign-in-codes': signInCodesMigration(context),
    '2026-11-28T1100-request-limits': requestLimitsMigration(context),
    '2026-11-28T1200-user-language': userLanguageMigration(),
    '2026-11-28T1300-proven-phone': provenPhoneMigration(context),
    '2026-11-28T1310-proven-phone-unique': provenPhoneUniqueMigration(context),
    '2026-11-28T1400-payment-pin': paymentPinMigration(context),
    '2026-11-28T1500-session-list': sessionListMigration(context),
    '2026-11-28T1600-two-step-sign-in': twoStepSignInMigration(context),
    '2026-11-28T1700-passkeys': passkeysMigration(context),
    '2026-11-29T1000-wallet-chains': walletChainsMigration(context),
    '2026-11-29T1100-journal-seals': journalSealsMigration(context),
  };
}

function contextFor(dialect: Dialect): MigrationContext {
  return {
    dialect,
    timestamp: dialect === 'postgres' ? 'timestamptz' : 'text',
    autoId: (builder) =>
      dialect === 'postgres'
        ? builder.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
  };
}

/**
 * Migrates to the newest schema, or only up to and including `upTo` (tests of a migration's data
 * step). Answers the names of the migrations it applied.
 */
export async function migrateToLatest(db: Db, upTo?: string): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(contextFor(db.dialect)) };
  // Kysely looks for its own bookkeeping tables in every schema it can see: without naming ours, a
  // kysely_migration_lock in another schema (another test file's) counts as ours and migrating fails.
  const migrator = new Migrator({ db: db.kysely as Kysely<unknown>, provider, ...(db.pgSchema ? { migrationTableSchema: db.pgSchema } : {}) });
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** The names of the migrations not applied to this database yet (all of them on an empty one). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(contextFor(db.dialect)) };
  const migrator = new Migrator({ db: db.kysely as Kysely<unknown>, provider, ...(db.pgSchema ? { migrationTableSchema: db.pgSchema } : {}) });
  const all = await migrator.getMigrations();
  return all.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
