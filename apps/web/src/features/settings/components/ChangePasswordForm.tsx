import { changePasswordFormSchema } from '@poisha/contracts';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { PasswordStrengthHint } from '../../../components/ui/PasswordStrengthHint';
import { useApiForm } from '../../../lib/api-form';
import { withStrongPassword } from '../../../lib/password-strength';
import { useMe } from '../../../session';
import { useChangePassword } from '../api/profile';

const empty: z.input<typeof changePasswordFormSchema> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password: current, new and confirm. Every other device is signed out. */
export function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const me = useMe();
  const { name, email, phone } = me.data ?? {};
  const person = { name, email, phone };
  // Built once per person, not on every render (the strength hint renders the form at each keystroke).
  const schema = useMemo(() => withStrongPassword(changePasswordFormSchema, 'newPassword', () => ({ name, email, phone })), [name, email, phone]);
  const [changed, setChanged] = useState(false);
  const { register, control, reset, submit, busy, failure, fieldError } = useApiForm({
    schema,
    defaultValues: empty,
    onSubmit: async ({ currentPassword, newPassword }) => {
      setChanged(false);
      await change.mutateAsync({ currentPassword, newPassword });
      reset(empty);
      setChanged(true);
    },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <PasswordField label={t('password.current')} autoComplete="current-password" error={fieldError('currentPassword')} {...register('currentPassword')} />
      <PasswordField label={t('password.new')} hint={t('password.newHint')} autoComplete="new-password" error={fieldError('newPassword')} {...register('newPassword')} />
      <PasswordStrengthHint password={newPassword} person={person} />
      <PasswordField label={t('password.confirm')} autoComplete="new-password" error={fieldError('confirmPassword')} {...register('confirmPassword')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      {changed && <Alert tone="success">{t('password.changed')}</Alert>}
      <Button type="submit" busy={busy} busyText={t('saving')}>
        {t('password.submit')}
      </Button>
    </form>
  );
}
