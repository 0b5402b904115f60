import { SIGN_IN_CODE_LENGTH, type TwoStepChallenge } from '@poisha/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useRequestSignInCode, useSignInWithCode } from '../api/sign-in-code';

/**
 * Shown when failed passwords (perhaps a stranger's) hold the account: the owner asks for a
 * one-time code by mail and signs in with it (decision 0030). Its own form, not inside the login
 * form: forms cannot nest. An account with two-step sign-in goes on to its second step (`onTwoStep`).
 */
export function SignInCodePanel({ email, onTwoStep }: { email: string; onTwoStep: (challenge: TwoStepChallenge) => void }) {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const tm = useTranslateMessage();
  const requestCode = useRequestSignInCode();
  const signIn = useSignInWithCode();
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!requestCode.isSuccess) requestCode.mutate({ email });
    else signIn.mutate({ email, code }, { onSuccess: (answer) => ('twoStepRequired' in answer ? onTwoStep(answer) : undefined) });
  };

  return (
    <section aria-labelledby="sign-in-code-title" data-testid="sign-in-code" className="space-y-4 rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h2 id="sign-in-code-title" className="text-base font-semibold text-slate-900">
        {t('code.title')}
      </h2>
      <form noValidate method="post" onSubmit={onSubmit} className="space-y-4">
        {!requestCode.isSuccess ? (
          <>
            <p className="text-sm text-slate-700">{t('code.lead', { email })}</p>
            {requestCode.isError && <Alert tone="error">{errorMessage(requestCode.error)}</Alert>}
            <Button type="submit" variant="secondary" busy={requestCode.isPending} busyText={t('code.sending')} className="w-full">
              {t('code.send')}
            </Button>
          </>
        ) : (
          <>
            <p role="status" className="text-sm text-slate-700">
              {t('code.sent', { email })}
            </p>
            <TextField
              label={t('code.label')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SIGN_IN_CODE_LENGTH + 2}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={signIn.isError ? (isApiError(signIn.error) && signIn.error.fields.code ? tm(signIn.error.fields.code) : errorMessage(signIn.error)) : undefined}
            />
            <Button type="submit" busy={signIn.isPending} busyText={t('login.submitting')} className="w-full">
              {t('code.submit')}
            </Button>
            <button
              type="button"
              onClick={() => requestCode.mutate({ email })}
              disabled={requestCode.isPending}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {t('code.again')}
            </button>
          </>
        )}
      </form>
    </section>
  );
}
