import { CURRENCY, type RecipientLookup, type TransferRequest } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { PaymentPinStep, type PaymentApprovalChoice } from '../../../components/PaymentPinStep';
import { Alert } from '../../../components/ui/Alert';
import { DetailList } from '../../../components/ui/DetailList';
import { Dialog } from '../../../components/ui/Dialog';
import { formatMoney } from '../../../lib/format';
import { formattingLocale } from '../../../lib/i18n';
import { useFormatPhone } from '../../../lib/use-format-phone';

/** A checked transfer, before its approval (the PIN or a passkey). */
export type UnapprovedTransfer = Omit<TransferRequest, 'pin' | 'passkey'>;

interface ConfirmTransferDialogProps {
  /** The checked transfer, or null when the dialog is closed. */
  pending: { request: UnapprovedTransfer; recipient: RecipientLookup } | null;
  sending: boolean;
  /** A failed attempt whose outcome is unknown: the button offers to try again (same key). */
  retryMessage: string | null;
  /** Sends the transfer with its approval, the PIN or a passkey (PaymentPinStep's onPay). */
  onConfirm: (approval: PaymentApprovalChoice) => Promise<void>;
  onCancel: () => void;
}

/**
 * The last look before money moves: who receives it (their name from the server), and how much;
 * the payment PIN (or a passkey) approves it.
 */
export function ConfirmTransferDialog({ pending, sending, retryMessage, onConfirm, onCancel }: ConfirmTransferDialogProps) {
  const { t, i18n } = useTranslation('transfers');
  const locale = formattingLocale(i18n.language);
  const formatPhone = useFormatPhone();
  return (
    <Dialog open={pending !== null} onClose={() => !sending && onCancel()} title={t('confirm.title')}>
      {pending && (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('confirm.intro')}</p>
          {!pending.recipient.paidBefore && (
            <div className="mt-4">
              <Alert tone="warning">{t('confirm.firstTime')}</Alert>
            </div>
          )}
          <DetailList
            items={[
              [t('confirm.to'), pending.recipient.name],
              [t('confirm.phone'), formatPhone(pending.recipient.phone)],
              [t('confirm.amount'), formatMoney(pending.request.amount, CURRENCY, locale)],
              [t('confirm.reference'), pending.request.reference],
            ]}
          />
          <PaymentPinStep
            onPay={onConfirm}
            onCancel={onCancel}
            payLabel={retryMessage ? t('confirm.retry') : t('confirm.confirm')}
            payingLabel={t('confirm.sending')}
            cancelLabel={t('confirm.cancel')}
            notice={retryMessage && <Alert tone="warning">{retryMessage}</Alert>}
          />
        </>
      )}
    </Dialog>
  );
}
