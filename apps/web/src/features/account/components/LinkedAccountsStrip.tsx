import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PanelQueryState } from '../../../components/ui/QueryState';
import { BankIcon, CardIcon } from '../../../components/ui/icons';
import { useBankAccounts } from '../../../lib/bank-accounts';
import { useLocalDigits } from '../../../lib/use-local-digits';
import { openLinkFormState } from '../link-form-state';
import { CopyButton } from './CopyButton';

/** The dashboard's linked accounts: bank, masked number and a button that copies the full number. */
export function LinkedAccountsStrip() {
  const { t } = useTranslation('account');
  const digits = useLocalDigits();
  const accounts = useBankAccounts();

  return (
    <section aria-labelledby="linked-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <h2 id="linked-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <CardIcon className="size-5 text-brand-700" /> {t('strip.title')}
        </h2>
        {accounts.data && accounts.data.length > 0 && (
          <Link to="/dashboard/myAccount" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
            {t('strip.manage')}
          </Link>
        )}
      </div>
      <PanelQueryState
        query={accounts}
        loadingLabel={t('linked.loading')}
        errorTitle={t('linked.error')}
        spinnerClassName="flex justify-center rounded-2xl border border-slate-200 bg-white py-6"
      />
      {accounts.data && accounts.data.length === 0 && (
        <div className="rounded-2xl border border-dashed border-brand-300 bg-white p-5">
          <p className="text-slate-700">{t('strip.empty')}</p>
          <Link
            to="/dashboard/myAccount"
            state={openLinkFormState}
            className="mt-2 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            <BankIcon className="size-5" /> {t('strip.linkOne')}
          </Link>
        </div>
      )}
      {accounts.data && accounts.data.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
          {accounts.data.map((account) => (
            <li key={account.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs">
              <div className="flex items-start gap-3">
                <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <BankIcon />
                </span>
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{account.bank.name}</p>
                  <p className="text-sm text-slate-700 tabular-nums">{digits(account.maskedNumber)}</p>
                </div>
              </div>
              <div className="mt-3">
                <CopyButton text={account.accountNumber} label={t('strip.copyLabel', { bank: account.bank.name, number: account.maskedNumber })} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
