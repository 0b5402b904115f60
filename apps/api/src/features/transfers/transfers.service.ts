import { errorCodes, maskedName, transferMessages, type RecipientLookup, type TransferResponse } from '@poisha/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { present } from '../../db/values.js';
import { AppError, BusinessRuleError } from '../../core/errors.js';
import { moveMoney } from '../../core/ledger/ledger.js';
import { money } from '../../core/ledger/money.js';
import { walletOf } from '../../core/ledger/wallets.js';
import { notify } from '../../core/notifications/notify.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import { findWalletOwnerByPhone, transferParties } from '../../core/users/wallet-owners.js';
import { hasPaidBefore } from './transfers.repository.js';

const NO_WALLET = transferMessages.unknownRecipient;
const SELF = transferMessages.selfTransfer;

export interface SendMoneyCommand {
  senderId: string;
  /** The recipient's phone number (E.164). */
  to: string;
  amountCents: number;
  reference: string;
  nowMs: number;
}

/** Sending money to the wallet behind a phone number, and the look-up before it. */
export function createTransfersService({ db }: { db: Kysely<Database> }) {
  return {
    /**
     * Who a phone number belongs to, and whether the sender has paid it before, for the confirm
     * step; 30 look-ups an hour per sender.
     */
    async lookUpRecipient(senderId: string, phone: string, nowMs: number): Promise<RecipientLookup> {
      await consumeRateLimits(db, nowMs, [{ limit: limits.recipientLookupsPerUser, subject: senderId }]);
      const recipient = await findWalletOwnerByPhone(db, phone);
      // A lookup of a number nobody has is "not found" (404); sending to it is a refused transfer (422).
      if (!recipient) throw new AppError(errorCodes.notFound, NO_WALLET, { phone: NO_WALLET });
      if (recipient.userId === senderId) throw new BusinessRuleError(errorCodes.selfTransfer, SELF, { phone: SELF });
      const sender = await walletOf(db, senderId);
      return { name: maskedName(recipient.name), phone: recipient.phone, paidBefore: await hasPaidBefore(db, sender.id, recipient.accountId) };
    },

    /**
     * Sends money from the sender's wallet to the wallet registered to a phone number, inside the
     * caller's transaction. Refusals (unknown recipient, own number, low balance) are thrown as
     * `BusinessRuleError`.
     */
    async send(trx: Transaction<Database>, command: SendMoneyCommand): Promise<TransferResponse> {
      const { sender, recipient } = await transferParties(trx, command.senderId, command.to);
      if (!recipient) throw new BusinessRuleError(errorCodes.unknownRecipient, NO_WALLET, { to: NO_WALLET });
      if (recipient.userId === command.senderId) throw new BusinessRuleError(errorCodes.selfTransfer, SELF, { to: SELF });

      const moved = await moveMoney(trx, {
        kind: 'transfer',
        debit: { id: sender.accountId, kind: 'wallet' },
        credit: { id: recipient.accountId, kind: 'wallet' },
        amountCents: command.amountCents,
        reference: command.reference,
        initiatedBy: command.senderId,
        nowMs: command.nowMs,
      });
      await notify(trx, {
        userId: recipient.userId,
        kind: 'money_received',
        amountCents: command.amountCents,
        counterparty: { name: sender.name, phone: sender.phone },
        transferId: moved.transferId,
        nowMs: command.nowMs,
      });
      return {
        id: moved.transferId,
        amount: money(command.amountCents),
        to: { name: recipient.name, phone: recipient.phone },
        reference: command.reference,
        createdAt: moved.createdAt,
        balanceAfter: money(present(moved.debitBalanceAfter, 'transfer: sender wallet balance after')),
      };
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
