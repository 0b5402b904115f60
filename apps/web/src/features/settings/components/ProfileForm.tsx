import { profileFormSchema, type Profile } from '@poisha/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { EmailField, TextField } from '../../../components/ui/TextField';
import { useApiForm } from '../../../lib/api-form';
import { useUpdateProfile } from '../api/profile';

export type ProfileResult = { tone: 'success'; text: string } | null;

/**
 * User Name and User Email. A new e-mail needs the current password and a confirmation by mail.
 * What was saved is kept by the page (`result`): a saved name gives the form new defaults (a new
 * key), and the "saved" message must outlive that. A refusal changes nothing, so the form keeps it.
 */
export function ProfileForm({ profile, result, onResult }: { profile: Profile; result: ProfileResult; onResult: (result: ProfileResult) => void }) {
  const { t } = useTranslation('settings');
  const update = useUpdateProfile();
  const setResult = onResult;
  const { register, resetField, control, submit, busy, failure, fieldError } = useApiForm({
    schema: profileFormSchema,
    defaultValues: { name: profile.name, email: profile.email, currentPassword: '' },
    onSubmit: async ({ name, email, currentPassword }) => {
      setResult(null);
      const changingEmail = email !== profile.email;
      await update.mutateAsync(changingEmail ? { name, email, currentPassword } : { name });
      resetField('currentPassword');
      setResult({ tone: 'success', text: changingEmail ? t('profile.confirmSent', { email }) : t('profile.saved') });
    },
  });
  const typedEmail = useWatch({ control, name: 'email' });
  const emailChanging = typedEmail.trim().toLowerCase() !== profile.email;

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      {profile.pendingEmail && <Alert tone="info">{t('profile.pending', { email: profile.pendingEmail })}</Alert>}
      <TextField label={t('profile.name')} autoComplete="name" error={fieldError('name')} {...register('name')} />
      <EmailField label={t('profile.email')} error={fieldError('email')} {...register('email')} />
      {emailChanging && (
        <PasswordField
          label={t('profile.currentPassword')}
          hint={t('profile.currentPasswordHint')}
          autoComplete="current-password"
          error={fieldError('currentPassword')}
          {...register('currentPassword')}
        />
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <Button type="submit" busy={busy} busyText={t('saving')}>
        {t('profile.save')}
      </Button>
    </form>
  );
}
