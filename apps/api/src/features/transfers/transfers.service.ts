import { errorCodes, type Recipient, type TransferResponse } from '@poisha/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { runIdempotent, type Outcome } from '../../core/idempotency/idempotency.js';
import { moveMoney } from '../../core/ledger/ledger.js';
import { walletOf } from '../../core/ledger/wallets.js';
import { WALLET_CURRENCY } from '../../core/users/users.repository.js';

type Queryable = Kysely<Database> | Transaction<Database>;

const unknownRecipient = () =>
  new AppError(422, errorCodes.unknownRecipient, 'No Poisha wallet has this number', { to: 'No Poisha wallet has this number' });
const selfTransfer = () =>
  new AppError(422, errorCodes.selfTransfer, 'You cannot send money to yourself', { to: 'You cannot send money to yourself' });

/** The wallet registered to a phone number, with its owner's name. */
function findRecipientWallet(db: Queryable, phone: string) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', (join) => join.onRef('accounts.user_id', '=', 'users.id').on('accounts.currency', '=', WALLET_CURRENCY))
    .select(['users.id as userId', 'users.name', 'users.phone', 'accounts.id as accountId'])
    .where('users.phone', '=', phone)
    .executeTakeFirst();
}

/** Who a phone number belongs to, for the confirm step before sending. */
export async function lookUpRecipient(db: Kysely<Database>, senderId: string, phone: string): Promise<Recipient> {
  const recipient = await findRecipientWallet(db, phone);
  if (!recipient) throw new AppError(404, errorCodes.unknownRecipient, 'No Poisha wallet has this number', { phone: 'No Poisha wallet has this number' });
  if (recipient.userId === senderId) throw new AppError(422, errorCodes.selfTransfer, 'You cannot send money to yourself', { phone: 'You cannot send money to yourself' });
  return { name: recipient.name, phone: recipient.phone };
}

export interface SendMoney {
  senderId: string;
  to: string;
  amount: number;
  reference: string;
  idempotencyKey: string;
  fingerprint: string;
  now: number;
}

/** Sends money from the signed-in user's wallet to the wallet registered to a phone number. */
export function sendMoney(db: Kysely<Database>, command: SendMoney): Promise<Outcome<TransferResponse>> {
  return runIdempotent<TransferResponse>(
    db,
    { userId: command.senderId, key: command.idempotencyKey, fingerprint: command.fingerprint, now: command.now },
    async (trx) => {
      const recipient = await findRecipientWallet(trx, command.to);
      if (!recipient) throw unknownRecipient();
      if (recipient.userId === command.senderId) throw selfTransfer();
      const sender = await walletOf(trx, command.senderId);

      const moved = await moveMoney(trx, {
        kind: 'transfer',
        debit: sender,
        credit: { id: recipient.accountId, kind: 'wallet' },
        amount: command.amount,
        reference: command.reference,
        initiatedBy: command.senderId,
        now: command.now,
      });
      return {
        status: 201,
        body: {
          id: moved.transferId,
          amount: { amount: command.amount, currency: 'USD' },
          to: { name: recipient.name, phone: recipient.phone },
          reference: command.reference,
          createdAt: moved.createdAt,
          balanceAfter: { amount: moved.debitBalanceAfter ?? 0, currency: 'USD' },
        },
      };
    },
  );
}
