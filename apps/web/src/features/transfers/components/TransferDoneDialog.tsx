import type { TransferResponse } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { formatMoney } from '../../../lib/format';
import { formattingLocale } from '../../../lib/i18n';

/** "Done": the amount that went out, to whom, and the balance left. */
export function TransferDoneDialog({ transfer, onClose }: { transfer: TransferResponse | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('transfers');
  const locale = formattingLocale(i18n.language);
  return (
    <Dialog open={transfer !== null} onClose={onClose} title={t('done.title')}>
      {transfer && (
        <div className="mt-2 space-y-4">
          <p className="flex items-start gap-2 text-lg font-semibold text-brand-800">
            <CheckCircleIcon className="mt-0.5 size-6 shrink-0" />
            {t('done.text', { amount: formatMoney(transfer.amount.amount, transfer.amount.currency, locale) })}
          </p>
          <p className="text-slate-700">
            {t('done.detail', { name: transfer.to.name, balance: formatMoney(transfer.balanceAfter.amount, transfer.balanceAfter.currency, locale) })}
          </p>
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-end">
            <Link to="/dashboard/TransitionHistory" className="inline-flex min-h-11 items-center justify-center px-2 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
              {t('done.statement')}
            </Link>
            <Button data-autofocus onClick={onClose}>
              {t('done.ok')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
