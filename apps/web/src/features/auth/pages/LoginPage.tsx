import { zodResolver } from '@hookform/resolvers/zod';
import { errorCodes, loginRequestSchema } from '@poisha/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useSession } from '../../../session';
import { useLogin } from '../api/login';
import { AuthShell } from '../components/AuthShell';
import { SignInCodePanel } from '../components/SignInCodePanel';
import { keepFrom, loginReason, redirectTarget } from '../redirect';

type LoginInput = z.input<typeof loginRequestSchema>;
type LoginOutput = z.output<typeof loginRequestSchema>;

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const session = useSession();
  const login = useLogin();
  const errorMessage = useErrorMessage();
  const tm = useTranslateMessage();
  const [failure, setFailure] = useState<string | null>(null);
  // The address whose failed logins hold it (429): its owner is offered a code by mail (decision 0030).
  const [heldEmail, setHeldEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  // Signed in (just now, or already): go on to the page that was asked for.
  if (session.data) return <Navigate to={redirectTarget(location.state)} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      setHeldEmail(isApiError(error) && error.code === errorCodes.rateLimited ? values.email : null);
      if (!applyFieldErrors(error, setError, ['email', 'password'])) setFailure(errorMessage(error));
    }
  });

  const reason = loginReason(location.state);
  const notice =
    reason === 'idle' ? t('notice.idle') : reason === 'expired' ? t('notice.expired') : reason === 'passwordChanged' ? t('notice.passwordChanged') : null;

  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')} tabs>
      <title>{t('login.pageTitle')}</title>
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        {notice && !failure && <Alert tone="info">{notice}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={tm(errors.email?.message)}
          {...register('email')}
        />
        <div className="space-y-2">
          <PasswordField label={t('login.password')} autoComplete="current-password" error={tm(errors.password?.message)} {...register('password')} />
          <div className="flex justify-end">
            <Link to="/resetpassword" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
              {t('login.forgot')}
            </Link>
          </div>
        </div>
        <Button type="submit" busy={isSubmitting} busyText={t('login.submitting')} className="w-full">
          {t('login.submit')}
        </Button>
        <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-slate-600">
          {t('login.noAccount')}
          <Link to="/signUp" state={keepFrom(location.state)} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline">
            {t('login.createAccount')}
          </Link>
        </p>
      </form>
      {heldEmail && <SignInCodePanel key={heldEmail} email={heldEmail} />}
    </AuthShell>
  );
}
