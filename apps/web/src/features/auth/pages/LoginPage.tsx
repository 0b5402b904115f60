import { errorCodes, loginRequestSchema, type TwoStepChallenge } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasskeyIcon } from '../../../components/ui/icons';
import { PasswordField } from '../../../components/ui/PasswordField';
import { EmailField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { useErrorMessage } from '../../../lib/errors';
import { passkeyPromptProblem, useWebAuthnSupported } from '../../../lib/webauthn';
import { useSession } from '../../../session';
import { useLogin } from '../api/login';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { AuthShell, AuthSwitch } from '../components/AuthShell';
import { SignInCodePanel } from '../components/SignInCodePanel';
import { TwoStepStep } from '../components/TwoStepStep';
import { loginReason, redirectTarget } from '../redirect';
import { OrDivider } from '../../../components/ui/OrDivider';
import { useHydrated } from '../../../lib/use-hydrated';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const session = useSession();
  const login = useLogin();
  // The address whose failed logins hold it (429): its owner is offered a code by mail (decision 0030).
  const [heldEmail, setHeldEmail] = useState<string | null>(null);
  // The password was right and the account asks for its second step (decision 0044).
  const [challenge, setChallenge] = useState<TwoStepChallenge | null>(null);
  // Where the browser has passkeys (decision 0045): a sign-in without the password, and what its
  // last try left to say (a closed prompt calmly, a refused passkey in the API's words).
  const webAuthn = useWebAuthnSupported();
  const passkeySignIn = usePasskeySignIn();
  const errorMessage = useErrorMessage();
  const [passkeyNote, setPasskeyNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const { register, submit, busy, failure, fieldError, reset } = useApiForm({
    schema: loginRequestSchema,
    defaultValues: { email: '', password: '' },
    onSubmit: async (values) => {
      try {
        const answer = await login.mutateAsync(values);
        if ('twoStepRequired' in answer) setChallenge(answer);
      } catch (error) {
        setHeldEmail(isApiError(error) && error.code === errorCodes.rateLimited ? values.email : null);
        throw error;
      }
    },
  });

  // Why the last session ended comes from the page's history state, which the prerendered page
  // cannot know: shown once the app has taken the page over (lib/use-hydrated.ts).
  const hydrated = useHydrated();

  // Signed in (just now, or already): go on to the page that was asked for.
  if (session.data) return <Navigate to={redirectTarget(location.state)} replace />;

  const reason = hydrated ? loginReason(location.state) : undefined;
  const notice =
    reason === 'idle' ? t('notice.idle') : reason === 'expired' ? t('notice.expired') : reason === 'passwordChanged' ? t('notice.passwordChanged') : null;

  const signInWithPasskey = async () => {
    setPasskeyNote(null);
    try {
      await passkeySignIn.mutateAsync();
    } catch (error) {
      const problem = passkeyPromptProblem(error);
      if (problem === 'dismissed') setPasskeyNote({ tone: 'info', text: t('passkey.dismissed') });
      else setPasskeyNote({ tone: 'error', text: problem ? t('passkey.failed') : errorMessage(error) });
    }
  };

  const restart = () => {
    setChallenge(null);
    setHeldEmail(null);
    reset({ email: '', password: '' });
  };

  if (challenge) {
    return (
      <AuthShell title={t('login.title')} subtitle={t('login.subtitle')} tabs>
        <title>{t('login.pageTitle')}</title>
        <TwoStepStep key={challenge.challenge} challenge={challenge} onRestart={restart} />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')} tabs>
      <title>{t('login.pageTitle')}</title>
      <form method="post" noValidate onSubmit={submit} className="space-y-5">
        {notice && !failure && <Alert tone="info">{notice}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <EmailField label={t('login.email')} error={fieldError('email')} {...register('email')} />
        <div className="space-y-2">
          <PasswordField label={t('login.password')} autoComplete="current-password" error={fieldError('password')} {...register('password')} />
          <div className="flex justify-end">
            <Link to="/resetpassword" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
              {t('login.forgot')}
            </Link>
          </div>
        </div>
        <Button type="submit" busy={busy} busyText={t('login.submitting')} disabled={passkeySignIn.isPending} className="w-full">
          {t('login.submit')}
        </Button>
        {webAuthn && (
          <div className="space-y-3" data-testid="passkey-sign-in">
            <OrDivider label={t('passkey.or')} />
            <Button
              variant="secondary"
              className="w-full"
              busy={passkeySignIn.isPending}
              busyText={t('passkey.waiting')}
              disabled={busy}
              onClick={() => void signInWithPasskey()}
            >
              <PasskeyIcon />
              {t('passkey.action')}
            </Button>
            {passkeyNote && <Alert tone={passkeyNote.tone}>{passkeyNote.text}</Alert>}
          </div>
        )}
        <AuthSwitch question={t('login.noAccount')} to="/signUp" link={t('login.createAccount')} />
      </form>
      {heldEmail && <SignInCodePanel key={heldEmail} email={heldEmail} onTwoStep={setChallenge} />}
    </AuthShell>
  );
}
