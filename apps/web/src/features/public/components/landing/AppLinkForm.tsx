import type { appLinkRequestSchema } from '@poisha/contracts/outreach';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../../components/ui/Button';
import { describedBy, FieldShell, inputClasses } from '../../../../components/ui/Field';
import { CheckCircleIcon } from '../../../../components/ui/icons';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../../lib/errors';
import { useSendAppLink } from '../../api/send-app-link';

type AppLinkInput = z.input<typeof appLinkRequestSchema>;
type AppLinkOutput = z.output<typeof appLinkRequestSchema>;

/**
 * Validates with the shared schema, loaded when the form is first checked: the schema library
 * then stays out of the landing page's first download.
 */
const appLinkResolver: Resolver<AppLinkInput, unknown, AppLinkOutput> = async (values, context, options) => {
  const [{ zodResolver }, { appLinkRequestSchema: schema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@poisha/contracts/outreach'),
  ]);
  return zodResolver(schema)(values, context, options);
};

/** The hero's e-mail box: GET LINK e-mails the address a link to the web app. */
export function AppLinkForm() {
  const { t } = useTranslation('public');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const sendAppLink = useSendAppLink();
  const inputId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AppLinkInput, unknown, AppLinkOutput>({
    resolver: appLinkResolver,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSentTo(null);
    setFailure(null);
    try {
      await sendAppLink.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      // A rejected address goes under the field; a limit or a network failure too, as a sentence.
      if (!applyFieldErrors(error, setError, ['email'])) setFailure(errorMessage(error));
    }
  });

  const problem = tm(errors.email?.message) ?? failure ?? undefined;
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="max-w-xl">
      <FieldShell inputId={inputId} label={t('home.appLink.label')} hint={t('home.appLink.hint')} error={problem}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('home.appLink.placeholder')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy(inputId, !problem, Boolean(problem))}
            className={inputClasses(Boolean(problem), 'sm:flex-1')}
            {...register('email', { onChange: () => setSentTo(null) })}
          />
          <Button type="submit" busy={isSubmitting} busyText={t('home.appLink.sending')} className="shrink-0 tracking-wide">
            {t('home.appLink.submit')}
          </Button>
        </div>
      </FieldShell>
      {/* Present from the start, so the confirmation is announced when it appears. */}
      <div role="status">
        {sentTo && (
          <p className="mt-3 flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">
            <CheckCircleIcon className="mt-0.5 size-5 shrink-0" />
            <span className="min-w-0 break-words">{t('home.appLink.sent', { email: sentTo })}</span>
          </p>
        )}
      </div>
    </form>
  );
}
