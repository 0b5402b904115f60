import { CURRENCY, type MoneyRequest } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { PaymentPinStep, type PaymentApprovalChoice } from '../../../components/PaymentPinStep';
import { Alert } from '../../../components/ui/Alert';
import { DetailList } from '../../../components/ui/DetailList';
import { Dialog } from '../../../components/ui/Dialog';
import { formatMoney } from '../../../lib/format';
import { formattingLocale } from '../../../lib/i18n';
import { useFormatPhone } from '../../../lib/use-format-phone';

interface PayRequestDialogProps {
  request: MoneyRequest | null;
  /** The payer's balance in cents, or null while it loads. */
  balance: number | null;
  paying: boolean;
  /** A refusal or an uncertain outcome of the last attempt. */
  problem: { message: string; retry: boolean } | null;
  /** Pays with its approval, the PIN or a passkey (PaymentPinStep's onPay). */
  onConfirm: (approval: PaymentApprovalChoice) => Promise<void>;
  onCancel: () => void;
}

/**
 * The confirm step before paying a request: who asks, how much, and whether the balance covers it;
 * the payment PIN (or a passkey) approves it.
 */
export function PayRequestDialog({ request, balance, paying, problem, onConfirm, onCancel }: PayRequestDialogProps) {
  const { t, i18n } = useTranslation('requests');
  const locale = formattingLocale(i18n.language);
  const money = (cents: number) => formatMoney(cents, CURRENCY, locale);
  const formatPhone = useFormatPhone();
  const tooLittle = request !== null && balance !== null && balance < request.amount.amount;

  return (
    <Dialog open={request !== null} onClose={() => !paying && onCancel()} title={t('pay.title')}>
      {request && (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('pay.intro')}</p>
          <DetailList
            items={[
              [t('pay.to'), request.counterparty.name],
              [t('pay.phone'), formatPhone(request.counterparty.phone)],
              [t('pay.amount'), money(request.amount.amount)],
              [t('pay.note'), request.note || t('list.noNote')],
              [t('pay.balance'), balance === null ? '…' : money(balance)],
            ]}
          />
          {tooLittle && (
            <div className="mt-4">
              <Alert tone="error" title={t('pay.insufficientTitle')}>
                {t('pay.insufficient')}
              </Alert>
            </div>
          )}
          <PaymentPinStep
            onPay={onConfirm}
            onCancel={onCancel}
            payLabel={problem?.retry ? t('pay.retry') : t('pay.confirm', { amount: money(request.amount.amount) })}
            payingLabel={t('pay.paying')}
            cancelLabel={t('pay.cancel')}
            payDisabled={tooLittle || balance === null}
            notice={problem && <Alert tone={problem.retry ? 'warning' : 'error'}>{problem.message}</Alert>}
          />
        </>
      )}
    </Dialog>
  );
}
