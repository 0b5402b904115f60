import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema } from '@poisha/contracts';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { PasswordStrengthHint } from '../../../components/ui/PasswordStrengthHint';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { withStrongPassword } from '../../../lib/password-strength';
import { useMe } from '../../../session';
import { useChangePassword } from '../api/profile';

type FormInput = z.input<typeof changePasswordFormSchema>;
type FormOutput = z.output<typeof changePasswordFormSchema>;
const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const empty: FormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password: current, new and confirm. Every other device is signed out. */
export function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const change = useChangePassword();
  const me = useMe();
  const { name, email, phone } = me.data ?? {};
  const person = { name, email, phone };
  // Built once per person, not on every render (the strength hint renders the form at each keystroke).
  const resolver = useMemo(() => zodResolver(withStrongPassword(changePasswordFormSchema, 'newPassword', () => ({ name, email, phone }))), [name, email, phone]);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: empty,
  });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setResult(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset(empty);
      setResult({ tone: 'success', text: t('password.changed') });
    } catch (error) {
      if (applyFieldErrors(error, setError, fields)) return;
      setResult({ tone: 'error', text: errorMessage(error) });
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <PasswordField label={t('password.current')} autoComplete="current-password" error={tm(errors.currentPassword?.message)} {...register('currentPassword')} />
      <PasswordField label={t('password.new')} hint={t('password.newHint')} autoComplete="new-password" error={tm(errors.newPassword?.message)} {...register('newPassword')} />
      <PasswordStrengthHint password={newPassword} person={person} />
      <PasswordField label={t('password.confirm')} autoComplete="new-password" error={tm(errors.confirmPassword?.message)} {...register('confirmPassword')} />
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <Button type="submit" busy={isSubmitting} busyText={t('saving')}>
        {t('password.submit')}
      </Button>
    </form>
  );
}
