import { errorCodes, maskAccountNumber, type Deposit } from '@poisha/contracts';
import type { Transaction } from 'kysely';
import type { Database, DepositsTable } from '../../db/schema.js';
import { callingOutside } from '../../db/conflict-retry.js';
import { present } from '../../db/values.js';
import { BusinessRuleError, validationFailed } from '../../core/errors.js';
import { findBank } from '../../core/banks/banks.repository.js';
import type { IdempotentCall } from '../../core/idempotency/idempotency.js';
import { moveMoney, SYSTEM_ACCOUNTS, systemAccount } from '../../core/ledger/ledger.js';
import { money } from '../../core/ledger/money.js';
import { walletOf } from '../../core/ledger/wallets.js';
import { enforceDepositLimits } from './deposit-limits.js';
import { insertDeposit } from './deposits.repository.js';
import type { BankConnector } from './providers/bank-connector.js';
import type { CardProvider } from './providers/card-provider.js';

export interface DepositsDeps {
  bankConnector: BankConnector;
  cardProvider: CardProvider;
}

/** Credits the wallet from a provider's settlement account and records the deposit. */
export async function creditDeposit(
  trx: Transaction<Database>,
  deposit: {
    userId: string;
    method: DepositsTable['method'];
    amountCents: number;
    providerRef: string;
    counterparty: string;
    reference: string | null;
    nowMs: number;
  },
): Promise<Deposit> {
  const settlement = { bank: SYSTEM_ACCOUNTS.bankSettlement, card: SYSTEM_ACCOUNTS.cardSettlement, paypal: SYSTEM_ACCOUNTS.paypalSettlement }[deposit.method];
  const wallet = await walletOf(trx, deposit.userId);
  const moved = await moveMoney(trx, {
    kind: `${deposit.method}_deposit`,
    debit: systemAccount(settlement),
    credit: wallet,
    amountCents: deposit.amountCents,
    reference: deposit.reference,
    counterparty: deposit.counterparty,
    initiatedBy: deposit.userId,
    nowMs: deposit.nowMs,
  });
  const id = crypto.randomUUID();
  await insertDeposit(trx, {
    id,
    user_id: deposit.userId,
    method: deposit.method,
    status: 'succeeded',
    amount: deposit.amountCents,
    transfer_id: moved.transferId,
    provider_ref: deposit.providerRef,
    created_at: moved.createdAt,
  });
  return {
    id,
    method: deposit.method,
    status: 'succeeded',
    amount: money(deposit.amountCents),
    transferId: moved.transferId,
    balanceAfter: money(present(moved.creditBalanceAfter, 'deposit: wallet balance after')),
    createdAt: moved.createdAt,
  };
}

export interface BankDepositCommand {
  accountHolder: string;
  accountHolderNumber: string;
  bankId: string;
  bankAccountNumber: string;
  amountCents: number;
  reference: string;
}

export interface CardDepositCommand {
  amountCents: number;
  paymentMethod: string;
}

/** Deposits run inside the caller's (idempotent) transaction; refusals are `BusinessRuleError`s. */
export function createDepositsService({ bankConnector, cardProvider }: DepositsDeps) {
  return {
    /** One call does the whole deposit: the bank pull, the ledger credit and the record, atomically. */
    async depositFromBank(trx: Transaction<Database>, call: IdempotentCall, command: BankDepositCommand): Promise<Deposit> {
      const bank = await findBank(trx, command.bankId);
      if (!bank) throw validationFailed({ bankId: 'Please choose a bank' });
      const wallet = await walletOf(trx, call.userId);
      await enforceDepositLimits(trx, { userId: call.userId, walletId: wallet.id, method: 'bank', amountCents: command.amountCents, nowMs: call.nowMs });
      // A pull from the bank cannot be rolled back: after a deadlock, this movement is not run again.
      callingOutside();
      const pulled = await bankConnector.pull({
        bankId: bank.id,
        accountNumber: command.bankAccountNumber,
        holderNumber: command.accountHolderNumber,
        amountCents: command.amountCents,
        reference: command.reference,
        idempotencyKey: call.idempotencyKey,
      });
      return creditDeposit(trx, {
        userId: call.userId,
        method: 'bank',
        amountCents: command.amountCents,
        providerRef: pulled.providerRef,
        counterparty: `${bank.name} ${maskAccountNumber(command.bankAccountNumber)}`,
        reference: command.reference,
        nowMs: call.nowMs,
      });
    },

    async depositByCard(trx: Transaction<Database>, call: IdempotentCall, command: CardDepositCommand): Promise<Deposit> {
      const wallet = await walletOf(trx, call.userId);
      await enforceDepositLimits(trx, { userId: call.userId, walletId: wallet.id, method: 'card', amountCents: command.amountCents, nowMs: call.nowMs });
      // A charge cannot be rolled back: after a deadlock, this movement is not run again.
      callingOutside();
      const charge = await cardProvider.charge(trx, {
        userId: call.userId,
        paymentMethodId: command.paymentMethod,
        amountCents: command.amountCents,
        idempotencyKey: call.idempotencyKey,
      });
      if (charge.status === 'declined' || !charge.paymentMethod) {
        const message = charge.status === 'declined' ? charge.message : 'Your card was declined.';
        throw new BusinessRuleError(errorCodes.cardDeclined, message, { paymentMethod: message });
      }
      return creditDeposit(trx, {
        userId: call.userId,
        method: 'card',
        amountCents: command.amountCents,
        providerRef: charge.chargeId,
        counterparty: `${charge.paymentMethod.brand} •••• ${charge.paymentMethod.last4}`,
        reference: null,
        nowMs: call.nowMs,
      });
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
