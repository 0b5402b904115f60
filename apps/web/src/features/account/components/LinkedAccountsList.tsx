import type { LinkedBankAccount } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { RetryAlert } from '../../../components/ui/QueryState';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { BankIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDate } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/errors';
import { formattingLocale } from '../../../lib/i18n';
import { useBankAccounts } from '../../../lib/bank-accounts';
import { useLocalDigits } from '../../../lib/use-local-digits';
import { useDeleteBankAccount } from '../api/delete-bank-account';

/** Asks before unlinking: the account disappears from the wallet, no money moves. */
function RemoveDialog({ account, onClose, onRemoved }: { account: LinkedBankAccount | null; onClose: () => void; onRemoved: (account: LinkedBankAccount) => void }) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const remove = useDeleteBankAccount();
  const close = () => {
    remove.reset();
    onClose();
  };
  const names = account ? { bank: account.bank.name, number: account.maskedNumber } : { bank: '', number: '' };
  return (
    <Dialog open={account !== null} onClose={close} title={t('remove.title')} role="alertdialog">
      <p className="mt-2 text-slate-700">{t('remove.text', names)}</p>
      {remove.isError && (
        <div className="mt-4">
          <Alert tone="error">{errorMessage(remove.error)}</Alert>
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} data-autofocus>
          {t('remove.cancel')}
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          busyText={t('remove.removing')}
          onClick={() => {
            if (!account) return;
            remove.mutate(account.id, {
              onSuccess: () => {
                remove.reset();
                onRemoved(account);
              },
            });
          }}
        >
          {t('remove.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The linked accounts on the account page, each with a Remove button. */
export function LinkedAccountsList({ onRemoved }: { onRemoved: (account: LinkedBankAccount) => void }) {
  const { t, i18n } = useTranslation('account');
  const digits = useLocalDigits();
  const accounts = useBankAccounts();
  const [removing, setRemoving] = useState<LinkedBankAccount | null>(null);
  const locale = formattingLocale(i18n.language);

  if (accounts.isPending) {
    return (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner label={t('linked.loading')} />
      </div>
    );
  }
  if (accounts.isError) {
    return (
      <RetryAlert title={t('linked.error')} onRetry={() => accounts.refetch()} />
    );
  }
  if (accounts.data.length === 0) return <p className="text-slate-700">{t('linked.empty')}</p>;

  return (
    <>
      <ul className="divide-y divide-slate-200">
        {accounts.data.map((account) => (
          <li key={account.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <BankIcon />
            </span>
            <div className="min-w-40 flex-1">
              <p className="font-semibold break-words text-slate-900">{account.bank.name}</p>
              <p className="text-sm text-slate-700">
                <span className="tabular-nums">{digits(account.maskedNumber)}</span>
                <span className="text-slate-600"> · {t('linked.linkedOn', { date: formatDate(account.createdAt, locale) })}</span>
              </p>
            </div>
            <button
              type="button"
              aria-label={t('linked.removeLabel', { bank: account.bank.name, number: account.maskedNumber })}
              aria-haspopup="dialog"
              onClick={() => setRemoving(account)}
              className="ml-auto inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-red-700 hover:bg-red-50 hover:text-red-800"
            >
              {t('linked.remove')}
            </button>
          </li>
        ))}
      </ul>
      <RemoveDialog
        account={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(account) => {
          setRemoving(null);
          onRemoved(account);
        }}
      />
    </>
  );
}
