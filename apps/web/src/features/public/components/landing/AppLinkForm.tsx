import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/Button';
import { describedBy, FieldShell, inputClasses } from '../../../../components/ui/Field';
import { CheckCircleIcon } from '../../../../components/ui/icons';
import { useApiForm } from '../../../../lib/api-form';
import { useSendAppLink } from '../../api/send-app-link';

/**
 * The shared schema, loaded when the form is first checked: the schema library then stays out of
 * the landing page's first download.
 */
const loadAppLinkSchema = () => import('@poisha/contracts/outreach').then((module) => module.appLinkRequestSchema);

/** The hero's e-mail box: GET LINK e-mails the address a link to the web app. */
export function AppLinkForm() {
  const { t } = useTranslation('public');
  const sendAppLink = useSendAppLink();
  const inputId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, submit, busy, failure, fieldError } = useApiForm({
    schema: loadAppLinkSchema,
    defaultValues: { email: '' },
    onSubmit: async (values) => {
      setSentTo(null);
      await sendAppLink.mutateAsync(values);
      setSentTo(values.email);
    },
  });

  // A rejected address goes under the field; a limit or a network failure too, as a sentence.
  const problem = fieldError('email') ?? failure ?? undefined;
  return (
    <form method="post" noValidate onSubmit={submit} className="max-w-xl">
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
          <Button type="submit" busy={busy} busyText={t('home.appLink.sending')} className="shrink-0 tracking-wide">
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
