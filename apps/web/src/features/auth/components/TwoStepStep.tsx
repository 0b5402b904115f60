import { twoStepCodeSchema, twoStepMessages, type TwoStepChallenge } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { useTwoStepSignIn } from '../api/two-step-sign-in';

const codeFormSchema = z.object({ code: twoStepCodeSchema });

/**
 * The second step of a sign-in (decision 0044): the 6 digits the authenticator app shows, or a
 * recovery code. A sign-in that ran out (5 tries, 5 minutes) starts again with the password.
 */
export function TwoStepStep({ challenge, onRestart }: { challenge: TwoStepChallenge; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const signIn = useTwoStepSignIn();
  const [over, setOver] = useState(false);
  const { register, submit, busy, failure, fieldError } = useApiForm({
    schema: codeFormSchema,
    defaultValues: { code: '' },
    onSubmit: async ({ code }) => {
      try {
        await signIn.mutateAsync({ challenge: challenge.challenge, code });
      } catch (error) {
        if (isApiError(error) && error.message === twoStepMessages.challengeOver) setOver(true);
        throw error;
      }
    },
  });

  return (
    <section aria-labelledby="two-step-title" data-testid="two-step" className="space-y-5">
      <h2 id="two-step-title" className="text-lg font-semibold text-slate-900">
        {t('twoStep.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('twoStep.lead')}</p>
      {over ? (
        <div className="space-y-4">
          <Alert tone="error">{t('twoStep.over')}</Alert>
          <Button onClick={onRestart} className="w-full">
            {t('twoStep.restart')}
          </Button>
        </div>
      ) : (
        <form method="post" noValidate onSubmit={submit} className="space-y-5">
          <TextField
            label={t('twoStep.code')}
            hint={t('twoStep.codeHint')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus
            error={fieldError('code')}
            {...register('code')}
          />
          {failure && <Alert tone="error">{failure}</Alert>}
          <Button type="submit" busy={busy} busyText={t('login.submitting')} className="w-full">
            {t('twoStep.submit')}
          </Button>
          <button type="button" onClick={onRestart} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
            {t('twoStep.back')}
          </button>
        </form>
      )}
    </section>
  );
}
