import { passwordResetRequestSchema } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { EmailField } from '../../../components/ui/TextField';
import { useApiForm } from '../../../lib/api-form';
import { useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function RequestResetForm() {
  const { t } = useTranslation('auth');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const reset = useRequestPasswordReset();
  const {
    register,
    submit,
    busy,
    fieldError,
    formState: { errors },
  } = useApiForm({
    schema: passwordResetRequestSchema,
    defaultValues: { email: '' },
    // The mutation keeps its error, shown below beside the field's own message.
    onSubmit: async (values) => {
      await reset.mutateAsync(values).catch(() => undefined);
    },
  });

  // The answer is the same for every address, so that nobody learns who has an account.
  const problem = fieldError('email') ?? (reset.isError ? errorMessage(reset.error) : undefined);
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      {reset.isSuccess && <Alert tone="success">{tm(reset.data.message)}</Alert>}
      {problem && (
        <Alert tone="error" id="reset-email-problem">
          {problem}
        </Alert>
      )}
      <EmailField
        label={t('reset.email')}
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={problem ? 'reset-email-problem' : undefined}
        {...register('email')}
      />
      <Button type="submit" busy={busy} busyText={t('reset.submitting')} className="w-full">
        {t('reset.submit')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/login" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline">
          {t('reset.backToLogin')}
        </Link>
      </p>
    </form>
  );
}
