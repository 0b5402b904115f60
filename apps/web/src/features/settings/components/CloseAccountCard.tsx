import { closeAccountRequestSchema, errorCodes, type Profile } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { PasswordField } from '../../../components/ui/PasswordField';
import { API_BASE, isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { formatMoney } from '../../../lib/format';
import { formattingLocale } from '../../../lib/i18n';
import { useCloseAccount } from '../api/profile';

type FormOutput = z.output<typeof closeAccountRequestSchema>;

/**
 * Close Account: the statement can be downloaded first; closing needs the password, a zero balance
 * and a confirmation. Afterwards the page reloads on /login, so nothing of the account stays in memory.
 */
export function CloseAccountCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('settings');
  const close = useCloseAccount();
  const [confirming, setConfirming] = useState<FormOutput | null>(null);
  // Submitting only asks for the confirmation; the dialog's button sends (onConfirm).
  const { register, handleSubmit, failure, setFailure, showError, fieldError } = useApiForm({
    schema: closeAccountRequestSchema,
    defaultValues: { password: '' },
    onError: (error) => (isApiError(error) && error.code === errorCodes.balanceNotZero ? t('close.balanceNotZero') : undefined),
  });
  const balance = formatMoney(profile.balance.amount, profile.balance.currency, formattingLocale(i18n.language));

  const onConfirm = async () => {
    if (!confirming) return;
    setFailure(null);
    try {
      await close.mutateAsync(confirming);
      window.location.assign('/login');
    } catch (error) {
      setConfirming(null);
      showError(error);
    }
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">{t('close.explain')}</p>
      <p className="text-sm text-slate-700">{t('close.balance', { balance })}</p>
      <a href={`${API_BASE}/statement.csv?type=all`} download className={buttonClasses('secondary')}>
        {t('close.download')}
      </a>
      <form method="post" noValidate onSubmit={handleSubmit((values) => setConfirming(values))} className="space-y-5">
        <PasswordField label={t('close.password')} autoComplete="current-password" error={fieldError('password')} {...register('password')} />
        {failure && <Alert tone="error">{failure}</Alert>}
        <Button type="submit" variant="danger">
          {t('close.submit')}
        </Button>
      </form>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={t('close.confirmTitle')} role="alertdialog">
        <p className="text-slate-700">{t('close.confirmText')}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(null)} data-autofocus>
            {t('close.keep')}
          </Button>
          <Button variant="danger" busy={close.isPending} busyText={t('close.closing')} onClick={() => void onConfirm()}>
            {t('close.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
