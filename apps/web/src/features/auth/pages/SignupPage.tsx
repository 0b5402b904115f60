import { signupFormSchema } from '@poisha/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { PasswordStrengthHint } from '../../../components/ui/PasswordStrengthHint';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { EmailField, TextField } from '../../../components/ui/TextField';
import { useApiForm } from '../../../lib/api-form';
import { withStrongPassword } from '../../../lib/password-strength';
import { useSession } from '../../../session';
import { useSignup } from '../api/signup';
import { AuthShell, AuthSwitch } from '../components/AuthShell';
import { redirectTarget } from '../redirect';
import type { ConfirmPhoneState } from './ConfirmPhonePage';

const signupFormWithStrength = withStrongPassword(signupFormSchema, 'password', ({ name, email, phone }) => ({ name, email, phone }));

export default function SignupPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const session = useSession();
  const signup = useSignup();
  // Set once this page made the account: it goes on to "Confirm your phone", the code on its way.
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const { register, control, submit, busy, failure, fieldError } = useApiForm({
    schema: signupFormWithStrength,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', phone: '' },
    onSubmit: async ({ confirmPassword: _confirmation, ...account }) => {
      // Set before the session arrives, so the first render with it already knows where to go.
      setCodeSentAt(Date.now());
      try {
        await signup.mutateAsync(account);
      } catch (error) {
        setCodeSentAt(null);
        throw error;
      }
    },
  });

  const [name, email, phone, password] = useWatch({ control, name: ['name', 'email', 'phone', 'password'] });

  if (session.data) {
    if (codeSentAt !== null && !session.data.user.phoneVerified) return <Navigate to="/dashboard/confirmPhone" state={{ codeSentAt } satisfies ConfirmPhoneState} replace />;
    return <Navigate to={redirectTarget(location.state)} replace />;
  }

  return (
    <AuthShell title={t('signup.title')} subtitle={t('signup.subtitle')} tabs>
      <title>{t('signup.pageTitle')}</title>
      <form method="post" noValidate onSubmit={submit} className="space-y-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField label={t('signup.name')} autoComplete="name" error={fieldError('name')} {...register('name')} />
        <EmailField label={t('signup.email')} error={fieldError('email')} {...register('email')} />
        <PasswordField
          label={t('signup.password')}
          autoComplete="new-password"
          hint={t('signup.passwordHint')}
          error={fieldError('password')}
          {...register('password')}
        />
        <PasswordStrengthHint password={password} person={{ name, email, phone }} />
        <PasswordField
          label={t('signup.confirmPassword')}
          autoComplete="new-password"
          error={fieldError('confirmPassword')}
          {...register('confirmPassword')}
        />
        <PhoneFormField
          control={control}
          name="phone"
          label={t('signup.phone')}
          error={fieldError('phone')}
        />
        <Button type="submit" busy={busy} busyText={t('signup.submitting')} className="w-full">
          {t('signup.submit')}
        </Button>
        <AuthSwitch question={t('signup.haveAccount')} to="/login" link={t('signup.login')} />
      </form>
    </AuthShell>
  );
}
