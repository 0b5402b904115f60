import type { Receipt } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { DetailList } from '../../../components/ui/DetailList';
import { Spinner } from '../../../components/ui/Spinner';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/errors';
import { formattingLocale } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useFormatPhone } from '../../../lib/use-format-phone';
import { receiptPdfUrl, useReceipt } from '../api/get-receipt';

const directionOf = (receipt: Receipt) => (receipt.direction === 'out' ? 'out' : receipt.type === 'transfer' ? 'in' : 'added');

function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation('receipts');
  const locale = formattingLocale(i18n.language);
  const formatMoney = useFormatMoney();
  const formatPhone = useFormatPhone();
  const direction = directionOf(receipt);
  const party = receipt.counterparty.phone ? `${receipt.counterparty.name} · ${formatPhone(receipt.counterparty.phone)}` : receipt.counterparty.name;
  const items: Array<readonly [string, string]> = [
    [t('date'), formatDateTime(receipt.createdAt, locale)],
    [t('type'), t(`types.${receipt.type}`)],
    [receipt.direction === 'out' ? t('to') : t('from'), party],
    ...(receipt.reference ? [[t('reference'), receipt.reference] as const] : []),
    [t('wallet'), `${receipt.holder.name} · ${formatPhone(receipt.holder.phone)}`],
    [t('balanceAfter'), formatMoney(receipt.balanceAfter)],
    [t('transaction'), receipt.transferId],
  ];
  return (
    <section aria-labelledby="receipt-amount" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <p className="text-sm text-slate-600">{t(`direction.${direction}`)}</p>
      <p id="receipt-amount" data-testid="receipt-amount" className={`mt-1 text-3xl font-bold tabular-nums ${direction === 'out' ? 'text-slate-900' : 'text-brand-700'}`}>
        {direction === 'out' ? '−' : '+'}
        {formatMoney(receipt.amount)}
      </p>
      <DetailList items={items} />
    </section>
  );
}

/** /dashboard/receipts/:transferId: one movement's receipt, and its verifiable PDF. */
export default function ReceiptPage() {
  const { t, i18n } = useTranslation('receipts');
  const errorMessage = useErrorMessage();
  const { transferId = '' } = useParams();
  const receipt = useReceipt(transferId);

  return (
    <div className="mx-auto max-w-2xl">
      <title>{t('pageTitle')}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        {receipt.data && (
          <a href={receiptPdfUrl(transferId, i18n.language)} download className={buttonClasses('primary')}>
            {t('downloadPdf')}
          </a>
        )}
      </PageHeader>
      {receipt.isPending && <Spinner label={t('loading')} />}
      {receipt.isError && <Alert tone="error" title={isApiError(receipt.error) && receipt.error.status === 404 ? t('notFound') : errorMessage(receipt.error)} />}
      {receipt.data && <ReceiptDetails receipt={receipt.data} />}
      {receipt.data && <p className="mt-4 text-sm text-slate-600">{t('verifyNote')}</p>}
      <p className="mt-6">
        <Link to="/dashboard/TransitionHistory" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
          {t('backToStatement')}
        </Link>
      </p>
    </div>
  );
}
