import { zodResolver } from '@hookform/resolvers/zod';
import { signupFormSchema } from '@poisha/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { PasswordStrengthHint } from '../../../components/ui/PasswordStrengthHint';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { TextField } from '../../../components/ui/TextField';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { withStrongPassword } from '../../../lib/password-strength';
import { useSession } from '../../../session';
import { useSignup } from '../api/signup';
import { AuthShell } from '../components/AuthShell';
import { keepFrom, redirectTarget } from '../redirect';

type SignupInput = z.input<typeof signupFormSchema>;
type SignupOutput = z.output<typeof signupFormSchema>;

const fields = ['name', 'email', 'password', 'confirmPassword', 'phone'] as const;
const signupFormWithStrength = withStrongPassword(signupFormSchema, 'password', ({ name, email, phone }) => ({ name, email, phone }));

export default function SignupPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const session = useSession();
  const signup = useSignup();
  const errorMessage = useErrorMessage();
  const tm = useTranslateMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver: zodResolver(signupFormWithStrength),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', phone: '' },
  });

  const [name, email, phone, password] = useWatch({ control, name: ['name', 'email', 'phone', 'password'] });

  if (session.data) return <Navigate to={redirectTarget(location.state)} replace />;

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirmation, ...account }) => {
    setFailure(null);
    try {
      await signup.mutateAsync(account);
    } catch (error) {
      if (!applyFieldErrors(error, setError, fields)) setFailure(errorMessage(error));
    }
  });

  return (
    <AuthShell title={t('signup.title')} subtitle={t('signup.subtitle')} tabs>
      <title>{t('signup.pageTitle')}</title>
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField label={t('signup.name')} autoComplete="name" error={tm(errors.name?.message)} {...register('name')} />
        <TextField
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={tm(errors.email?.message)}
          {...register('email')}
        />
        <PasswordField
          label={t('signup.password')}
          autoComplete="new-password"
          hint={t('signup.passwordHint')}
          error={tm(errors.password?.message)}
          {...register('password')}
        />
        <PasswordStrengthHint password={password} person={{ name, email, phone }} />
        <PasswordField
          label={t('signup.confirmPassword')}
          autoComplete="new-password"
          error={tm(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <PhoneFormField
          control={control}
          name="phone"
          label={t('signup.phone')}
          error={tm(errors.phone?.message)}
        />
        <Button type="submit" busy={isSubmitting} busyText={t('signup.submitting')} className="w-full">
          {t('signup.submit')}
        </Button>
        <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-slate-600">
          {t('signup.haveAccount')}
          <Link to="/login" state={keepFrom(location.state)} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline">
            {t('signup.login')}
          </Link>
        </p>
      </form>
    </AuthShell>
  );
}
