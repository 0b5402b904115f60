import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDate } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/errors';
import { formattingLocale } from '../../../lib/i18n';
import { useLoanInterest, useRegisterLoanInterest } from '../api/loan-interest';

const COMING = ['small', 'repay', 'clear'] as const;

/** /dashboard/takeLone: loans are coming; a person can say they want one (stored once). */
export default function LoanPage() {
  const { t, i18n } = useTranslation('help');
  const errorMessage = useErrorMessage();
  const interest = useLoanInterest();
  const register = useRegisterLoanInterest();
  const locale = formattingLocale(i18n.language);
  return (
    <>
      <title>{t('loan.pageTitle')}</title>
      <PageHeader title={t('loan.title')} />
      <section aria-labelledby="loan-question" className="max-w-2xl space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <h2 id="loan-question" className="text-xl font-semibold text-slate-900">
          {t('loan.question')}
        </h2>
        <p className="text-slate-700">{t('loan.lead')}</p>
        <ul className="list-disc space-y-2 pl-5 text-slate-700">
          {COMING.map((item) => (
            <li key={item}>{t(`loan.coming.${item}`)}</li>
          ))}
        </ul>
        <QueryState query={interest} loadingLabel={t('loan.loading')} />
        {register.isError && <Alert tone="error">{errorMessage(register.error)}</Alert>}
        {interest.data?.registered && interest.data.registeredAt ? (
          <p role="status" className="flex items-start gap-2 rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-900">
            <CheckCircleIcon className="mt-0.5 size-5 shrink-0" />
            {t('loan.registered', { date: formatDate(interest.data.registeredAt, locale) })}
          </p>
        ) : (
          interest.data && (
            <Button busy={register.isPending} busyText={t('loan.registering')} onClick={() => register.mutate()}>
              {t('loan.register')}
            </Button>
          )
        )}
      </section>
    </>
  );
}
