import { sql, type Kysely } from 'kysely';
import { databaseFunction } from '../database-functions.js';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 27 (decision 0048): a chain per wallet instead of one global chain. Every wallet posting
 * gets its place in its wallet's chain (1, 2, 3, …, in the order of the postings' ids, which the
 * existing (account, id) index serves: no index more to write per posting) and its entry hash; the
 * wallet row keeps the entry hash of its newest entry. Existing wallet postings are numbered in the
 * order of their ids (each was written under its wallet row's lock, so that is the order the
 * wallet's balances went), each taking its transfer's version 1 hash as its entry hash, with the
 * immutability guard lifted for this migration's transaction only: each wallet's first new entry
 * hashes over its newest existing one, so the wallets' chains carry on from the frozen global one.
 *
 * The global chain's head is frozen (no movement writes it any more). On PostgreSQL the link at
 * commit goes, and with it the one sanctioned change to a transfer row; the balance update in
 * `move_money` version 2 moves the wallet's chain on (the row is locked there anyway).
 * Frozen once shipped, and so are the versions of the functions it creates (db/functions/).
 */
export function walletChainsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('accounts').addColumn('chain_hash', 'text').execute();
      await db.schema.alterTable('postings').addColumn('wallet_place', 'bigint').execute();
      await db.schema.alterTable('postings').addColumn('chain_hash', 'text').execute();
      await db.schema.alterTable('issued_documents').addColumn('wallet_posting_id', 'bigint').execute();
      await db.schema.alterTable('issued_documents').addColumn('wallet_hash', 'text').execute();

      if (dialect === 'postgres') {
        await sql`alter table postings disable trigger postings_immutable`.execute(db);
      } else {
        await sql`drop trigger postings_no_update`.execute(db);
      }
      await sql`update postings set wallet_place = numbered.place, chain_hash = numbered.hash
        from (select p.id, t.hash, row_number() over (partition by p.account_id order by p.id) as place
              from postings p join transfers t on t.id = p.transfer_id join accounts a on a.id = p.account_id
              where a.kind = 'wallet') as numbered
        where postings.id = numbered.id`.execute(db);
      if (dialect === 'postgres') {
        await sql`alter table postings enable trigger postings_immutable`.execute(db);
      } else {
        await sql`create trigger postings_no_update before update on postings
          begin select raise(abort, 'journal rows are immutable'); end`.execute(db);
      }
      // Each wallet's count of entries is where its chain ends: its first new entry takes the next place.
      const { rows: drifted } = await sql<{ id: string }>`select a.id from accounts a where a.kind = 'wallet'
          and a.entries_in + a.entries_out <> coalesce((select max(p.wallet_place) from postings p where p.account_id = a.id), 0)
        limit 1`.execute(db);
      if (drifted.length > 0) throw new Error(`wallet ${drifted[0]!.id}: its counts of entries differ from its postings; reconcile before migrating`);
      await sql`update accounts set chain_hash = (
          select p.chain_hash from postings p where p.account_id = accounts.id order by p.wallet_place desc limit 1)
        where kind = 'wallet'`.execute(db);
      if (dialect === 'postgres') {
        await sql`drop trigger transfers_link_into_chain on transfers`.execute(db);
        await sql`drop function link_transfer_into_chain()`.execute(db);
        await sql`drop trigger transfers_immutable on transfers`.execute(db);
        await sql`create trigger transfers_immutable before update or delete on transfers
          for each row execute function forbid_journal_change()`.execute(db);
        await sql`drop function forbid_transfer_change()`.execute(db);
        await sql`drop function journal_json_v1(text)`.execute(db);
        await sql`create trigger journal_chain_head_frozen before update or delete on journal_chain_head
          for each row execute function forbid_journal_change()`.execute(db);

        await sql`drop function move_money(text, text, bigint, text, text, text, timestamptz, text, boolean, text, boolean)`.execute(db);
        // The wallet's update now lives in move_money itself (one statement fewer to plan per side).
        await sql`drop function change_wallet_balance(text, bigint)`.execute(db);
        await sql.raw(databaseFunction('move_money', 2)).execute(db);
      } else {
        for (const action of ['update', 'delete']) {
          await sql`create trigger ${sql.raw(`journal_chain_head_no_${action}`)} before ${sql.raw(action)} on journal_chain_head
            begin select raise(abort, 'journal rows are immutable'); end`.execute(db);
        }
      }
    },
  };
}
