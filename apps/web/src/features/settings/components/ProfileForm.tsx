import { zodResolver } from '@hookform/resolvers/zod';
import { profileFormSchema, type Profile } from '@poisha/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { TextField } from '../../../components/ui/TextField';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useUpdateProfile } from '../api/profile';

type FormInput = z.input<typeof profileFormSchema>;
type FormOutput = z.output<typeof profileFormSchema>;
const fields = ['name', 'email', 'currentPassword'] as const;

export type ProfileResult = { tone: 'success' | 'error'; text: string } | null;

/**
 * User Name and User Email. A new e-mail needs the current password and a confirmation by mail.
 * The outcome is kept by the page (`result`): a saved name gives the form new defaults (a new key),
 * and the "saved" message must outlive that.
 */
export function ProfileForm({ profile, result, onResult }: { profile: Profile; result: ProfileResult; onResult: (result: ProfileResult) => void }) {
  const { t } = useTranslation('settings');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const update = useUpdateProfile();
  const setResult = onResult;
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: profile.name, email: profile.email, currentPassword: '' },
  });
  const typedEmail = useWatch({ control, name: 'email' });
  const emailChanging = typedEmail.trim().toLowerCase() !== profile.email;

  const onSubmit = handleSubmit(async ({ name, email, currentPassword }) => {
    setResult(null);
    const changingEmail = email !== profile.email;
    try {
      await update.mutateAsync(changingEmail ? { name, email, currentPassword } : { name });
      resetField('currentPassword');
      setResult({ tone: 'success', text: changingEmail ? t('profile.confirmSent', { email }) : t('profile.saved') });
    } catch (error) {
      if (applyFieldErrors(error, setError, fields)) return;
      setResult({ tone: 'error', text: errorMessage(error) });
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      {profile.pendingEmail && <Alert tone="info">{t('profile.pending', { email: profile.pendingEmail })}</Alert>}
      <TextField label={t('profile.name')} autoComplete="name" error={tm(errors.name?.message)} {...register('name')} />
      <TextField label={t('profile.email')} type="email" inputMode="email" autoComplete="email" error={tm(errors.email?.message)} {...register('email')} />
      {emailChanging && (
        <PasswordField
          label={t('profile.currentPassword')}
          hint={t('profile.currentPasswordHint')}
          autoComplete="current-password"
          error={tm(errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
      )}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <Button type="submit" busy={isSubmitting} busyText={t('saving')}>
        {t('profile.save')}
      </Button>
    </form>
  );
}
