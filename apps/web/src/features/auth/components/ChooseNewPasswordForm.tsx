import { errorCodes, passwordResetFormSchema } from '@poisha/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { PasswordStrengthHint } from '../../../components/ui/PasswordStrengthHint';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { useErrorMessage } from '../../../lib/errors';
import { withStrongPassword } from '../../../lib/password-strength';
import { Spinner } from '../../../components/ui/Spinner';
import { useConfirmPasswordReset, usePasswordResetCheck } from '../api/confirm-password-reset';
import type { LoginLocationState } from '../redirect';

// The reset form knows no name or e-mail: the server judges the password with them again.
const resetFormWithStrength = withStrongPassword(passwordResetFormSchema, 'password', () => ({}));

export function ChooseNewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const confirm = useConfirmPasswordReset();
  const check = usePasswordResetCheck(token);
  // A refusal is read from the mutation below (with a link when the reset link is dead), not from `failure`.
  const {
    register,
    control,
    submit,
    busy,
    fieldError,
    formState: { errors },
  } = useApiForm({
    schema: resetFormWithStrength,
    defaultValues: { password: '', confirmPassword: '' },
    onSubmit: async ({ password }) => {
      await confirm.mutateAsync({ token, password });
    },
  });
  const password = useWatch({ control, name: 'password' });

  if (confirm.isSuccess) {
    const state: LoginLocationState = { reason: 'passwordChanged' };
    return (
      <div className="space-y-5">
        <Alert tone="success">{t('reset.done')}</Alert>
        <Link to="/login" state={state} className={buttonClasses('primary', 'w-full')}>
          {t('reset.loginNow')}
        </Link>
      </div>
    );
  }

  if (check.isPending) {
    return (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner label={t('reset.checking')} />
      </div>
    );
  }
  // A used or expired link is said at once; any other failure (offline) leaves the form, whose answer will tell.
  const deadLink = isApiError(check.error) && check.error.code === errorCodes.invalidResetToken ? check.error : null;

  const failed = deadLink ?? (confirm.isError && !Object.keys(errors).length ? confirm.error : null);
  const invalidLink = isApiError(failed) && failed.code === errorCodes.invalidResetToken;
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      {failed && (
        <Alert tone="error">
          <p>{errorMessage(failed)}</p>
          {invalidLink && (
            <Link to="/resetpassword" className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
              {t('reset.askAgain')}
            </Link>
          )}
        </Alert>
      )}
      {!deadLink && (
        <>
      <PasswordField
        label={t('reset.newPassword')}
        autoComplete="new-password"
        hint={t('signup.passwordHint')}
        error={fieldError('password')}
        {...register('password')}
      />
      <PasswordStrengthHint password={password} person={{}} />
      <PasswordField
        label={t('reset.confirmPassword')}
        autoComplete="new-password"
        error={fieldError('confirmPassword')}
        {...register('confirmPassword')}
      />
      <Button type="submit" busy={busy} busyText={t('reset.saving')} className="w-full">
        {t('reset.save')}
      </Button>
        </>
      )}
    </form>
  );
}
