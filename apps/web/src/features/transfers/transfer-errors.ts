import { errorCodes } from '@poisha/contracts';
import { isApiError } from '../../lib/api-client';

/** The Send Money form's fields, and the API request fields they become. */
export type SendMoneyField = 'receiverNumber' | 'sendAmount' | 'reference';
const formFieldOf: Record<string, SendMoneyField> = { to: 'receiverNumber', phone: 'receiverNumber', amount: 'sendAmount', reference: 'reference' };

/** What the form shows for a failed lookup or transfer. */
export type TransferProblem =
  | { kind: 'field'; field: SendMoneyField; message: string; translate: boolean }
  | { kind: 'insufficientFunds'; message: string }
  | { kind: 'other' };

/** The server's sentence when it sent one (translated like every API message), else the app's own. */
const receiverProblem = (serverMessage: string, fallbackKey: string): TransferProblem =>
  serverMessage ? { kind: 'field', field: 'receiverNumber', message: serverMessage, translate: true } : { kind: 'field', field: 'receiverNumber', message: fallbackKey, translate: false };

/**
 * Sorts an API error into where it belongs on the form. An unknown number or the user's own number
 * is a problem with the receiver field; field
 * errors of a rejected request go under their fields; a low balance gets its own alert.
 */
export function transferProblems(error: unknown): TransferProblem[] {
  if (!isApiError(error)) return [{ kind: 'other' }];
  if (error.code === errorCodes.unknownRecipient) return [receiverProblem(error.message, 'errors.unknownRecipient')];
  if (error.code === errorCodes.selfTransfer) return [receiverProblem(error.message, 'errors.selfTransfer')];
  if (error.code === errorCodes.insufficientFunds) return [{ kind: 'insufficientFunds', message: error.message }];
  const fields = Object.entries(error.fields).flatMap(([name, message]) => {
    const field = formFieldOf[name];
    return field ? [{ kind: 'field' as const, field, message, translate: true }] : [];
  });
  return fields.length > 0 ? fields : [{ kind: 'other' }];
}
