import { errorCodes, maskAccountNumber, type Deposit } from '@poisha/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, DepositsTable } from '../../db/schema.js';
import { AppError, validationFailed } from '../../http/app-error.js';
import { runIdempotent, type Outcome } from '../../core/idempotency/idempotency.js';
import { moveMoney, SYSTEM_ACCOUNTS, systemAccount, type MovementResult } from '../../core/ledger/ledger.js';
import { walletOf } from '../../core/ledger/wallets.js';
import type { BankConnector } from './providers/bank-connector.js';
import type { CardProvider } from './providers/card-provider.js';

export interface DepositsDeps {
  db: Kysely<Database>;
  bankConnector: BankConnector;
  cardProvider: CardProvider;
}

export interface IdempotentCommand {
  userId: string;
  idempotencyKey: string;
  fingerprint: string;
  now: number;
}

/** Credits the wallet from a provider's settlement account and records the deposit. */
export async function creditDeposit(
  trx: Transaction<Database>,
  deposit: { userId: string; method: DepositsTable['method']; amount: number; providerRef: string; counterparty: string; reference: string | null; now: number },
): Promise<Deposit> {
  const settlement = { bank: SYSTEM_ACCOUNTS.bankSettlement, card: SYSTEM_ACCOUNTS.cardSettlement, paypal: SYSTEM_ACCOUNTS.paypalSettlement }[deposit.method];
  const wallet = await walletOf(trx, deposit.userId);
  const moved: MovementResult = await moveMoney(trx, {
    kind: `${deposit.method}_deposit`,
    debit: systemAccount(settlement),
    credit: wallet,
    amount: deposit.amount,
    reference: deposit.reference,
    counterparty: deposit.counterparty,
    initiatedBy: deposit.userId,
    now: deposit.now,
  });
  const id = crypto.randomUUID();
  await trx
    .insertInto('deposits')
    .values({
      id,
      user_id: deposit.userId,
      method: deposit.method,
      status: 'succeeded',
      amount: deposit.amount,
      transfer_id: moved.transferId,
      provider_ref: deposit.providerRef,
      created_at: moved.createdAt,
    })
    .execute();
  return {
    id,
    method: deposit.method,
    status: 'succeeded',
    amount: { amount: deposit.amount, currency: 'USD' },
    transferId: moved.transferId,
    balanceAfter: { amount: moved.creditBalanceAfter ?? 0, currency: 'USD' },
    createdAt: moved.createdAt,
  };
}

export interface BankDepositCommand extends IdempotentCommand {
  accountHolder: string;
  accountHolderNumber: string;
  bankId: string;
  bankAccountNumber: string;
  amount: number;
  reference: string;
}

export function createDepositsService({ db, bankConnector, cardProvider }: DepositsDeps) {
  const idempotent = <Body>(command: IdempotentCommand, work: (trx: Transaction<Database>) => Promise<Outcome<Body>>) =>
    runIdempotent<Body>(db, { userId: command.userId, key: command.idempotencyKey, fingerprint: command.fingerprint, now: command.now }, work);

  return {
    /** One call does the whole deposit: the bank pull, the ledger credit and the record, atomically. */
    depositFromBank(command: BankDepositCommand): Promise<Outcome<Deposit>> {
      return idempotent<Deposit>(command, async (trx) => {
        const bank = await trx.selectFrom('banks').select(['id', 'name']).where('id', '=', command.bankId).executeTakeFirst();
        if (!bank) throw validationFailed({ bankId: 'Please choose a bank' });
        const pulled = await bankConnector.pull({
          bankId: bank.id,
          accountNumber: command.bankAccountNumber,
          holderNumber: command.accountHolderNumber,
          amount: command.amount,
          reference: command.reference,
          idempotencyKey: command.idempotencyKey,
        });
        const deposit = await creditDeposit(trx, {
          userId: command.userId,
          method: 'bank',
          amount: command.amount,
          providerRef: pulled.providerRef,
          counterparty: `${bank.name} ${maskAccountNumber(command.bankAccountNumber)}`,
          reference: command.reference,
          now: command.now,
        });
        return { status: 201, body: deposit };
      });
    },

    depositByCard(command: IdempotentCommand & { amount: number; paymentMethod: string }): Promise<Outcome<Deposit>> {
      return idempotent<Deposit>(command, async (trx) => {
        const charge = await cardProvider.charge(trx, {
          userId: command.userId,
          paymentMethodId: command.paymentMethod,
          amount: command.amount,
          idempotencyKey: command.idempotencyKey,
        });
        if (charge.status === 'declined' || !charge.paymentMethod) {
          const message = charge.status === 'declined' ? charge.message : 'Your card was declined.';
          throw new AppError(422, errorCodes.cardDeclined, message, { paymentMethod: message });
        }
        const deposit = await creditDeposit(trx, {
          userId: command.userId,
          method: 'card',
          amount: command.amount,
          providerRef: charge.chargeId,
          counterparty: `${charge.paymentMethod.brand} •••• ${charge.paymentMethod.last4}`,
          reference: null,
          now: command.now,
        });
        return { status: 201, body: deposit };
      });
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
