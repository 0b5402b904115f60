import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema } from '@poisha/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useRequestPasswordReset } from '../api/request-password-reset';

type ResetInput = z.input<typeof passwordResetRequestSchema>;
type ResetOutput = z.output<typeof passwordResetRequestSchema>;

export function RequestResetForm() {
  const { t } = useTranslation('auth');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const reset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetOutput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    await reset.mutateAsync(values).catch(() => undefined);
  });

  // The answer is the same for every address, so that nobody learns who has an account.
  const problem = tm(errors.email?.message) ?? (reset.isError ? errorMessage(reset.error) : undefined);
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      {reset.isSuccess && <Alert tone="success">{tm(reset.data.message)}</Alert>}
      {problem && (
        <Alert tone="error" id="reset-email-problem">
          {problem}
        </Alert>
      )}
      <TextField
        label={t('reset.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={problem ? 'reset-email-problem' : undefined}
        {...register('email')}
      />
      <Button type="submit" busy={isSubmitting} busyText={t('reset.submitting')} className="w-full">
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
