import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { PanelQueryState } from '../../../components/ui/QueryState';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { BankIcon, SendIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/PageHeader';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useMe } from '../../../session';
import { LinkBankAccountForm } from '../components/LinkBankAccountForm';
import { LinkedAccountsList } from '../components/LinkedAccountsList';
import { wantsLinkForm } from '../link-form-state';

/** The main account: its title (the user's name), e-mail and funds in US dollars. */
function MainAccountCard() {
  const { t } = useTranslation('account');
  const me = useMe();
  const money = useFormatMoney();
  return (
    <section aria-labelledby="main-account-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id="main-account-title" className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
        {t('main.label')}
      </h2>
      <PanelQueryState query={me} loadingLabel={t('main.loading')} errorTitle={t('main.error')} spinnerClassName="py-6" alertClassName="mt-3" />
      {me.data && (
          <dl className="mt-4 grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-sm text-slate-600">{t('main.accountTitle')}</dt>
              <dd className="text-lg font-semibold break-words text-slate-900">{me.data.name}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-sm text-slate-600">{t('main.email')}</dt>
              <dd className="font-medium break-words text-slate-900">{me.data.email}</dd>
            </div>
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-sm text-slate-600">{t('main.funds')}</dt>
              <dd className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
                  {money(me.data.balance)}
                </span>
                <span className="text-sm font-semibold text-slate-600">{t('main.currency')}</span>
              </dd>
            </div>
          </dl>
      )}
    </section>
  );
}

export default function AccountPage() {
  const { t } = useTranslation('account');
  const location = useLocation();
  // Arriving from "Link a bank account" on the dashboard opens the form at once.
  const [linking, setLinking] = useState(() => wantsLinkForm(location.state));
  const [notice, setNotice] = useState<string | null>(null);
  const listTitle = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('title') })}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="space-y-6">
        <MainAccountCard />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/dashboard/sendMoney" className={buttonClasses('primary')}>
            <SendIcon className="size-5" /> {t('transferMoney')}
          </Link>
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setLinking(true)}>
            <BankIcon className="size-5" /> {t('linkBank')}
          </Button>
        </div>

        <section aria-labelledby="linked-accounts-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
          <h2 id="linked-accounts-title" ref={listTitle} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
            {t('linked.title')}
          </h2>
          <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
          <LinkedAccountsList
            onRemoved={(account) => {
              setNotice(t('remove.removed', { bank: account.bank.name, number: account.maskedNumber }));
              // The removed row held the focus; put it somewhere that still exists.
              window.setTimeout(() => listTitle.current?.focus());
            }}
          />
        </section>
      </div>

      <Dialog open={linking} onClose={() => setLinking(false)} title={t('linkForm.title')}>
        <LinkBankAccountForm
          onCancel={() => setLinking(false)}
          onLinked={(account) => {
            setLinking(false);
            setNotice(t('linkForm.linked', { bank: account.bank.name, number: account.maskedNumber }));
          }}
        />
      </Dialog>
    </>
  );
}
