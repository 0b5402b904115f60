import { contactRequestSchema, errorCodes } from '@poisha/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { EmailField, TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { formattingLocale } from '../../../lib/i18n';
import { useSendContactMessage } from '../api/send-contact-message';

/** The contract's limit on a message (contactRequestSchema). */
const MESSAGE_MAX_CHARACTERS = 2000;

export interface ContactFormProps {
  /** The signed-in person's name and e-mail, filled in for them (they can still change both). */
  defaults?: { name: string; email: string } | undefined;
}

/**
 * The spec's "Contact With Us" form (user_name, user_email, message). The message is stored and
 * e-mailed to the support inbox; if that fails, the person is told and keeps what they typed.
 */
export function ContactForm({ defaults }: ContactFormProps) {
  const { t, i18n } = useTranslation('contact');
  const send = useSendContactMessage();
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const emptyForm: z.input<typeof contactRequestSchema> = { name: defaults?.name ?? '', email: defaults?.email ?? '', message: '' };
  const { register, reset, submit, busy, failure, fieldError } = useApiForm({
    schema: contactRequestSchema,
    defaultValues: emptyForm,
    onSubmit: async (body) => {
      await send.mutateAsync(body);
      setSent({ name: body.name, email: body.email });
      reset(emptyForm);
    },
    onError: (error) => (isApiError(error) && error.code === errorCodes.mailUnavailable ? t('form.mailUnavailable') : undefined),
  });

  // The form is replaced by the confirmation: move focus there, so it is read out and not lost.
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div className="rounded-2xl border border-brand-200 bg-brand-50 p-6 text-center sm:p-8">
        <CheckCircleIcon className="mx-auto size-12 text-brand-700" />
        <h2 ref={sentHeading} tabIndex={-1} className="mt-4 text-2xl font-bold text-brand-900 outline-none">
          {t('sent.title')}
        </h2>
        <p className="mt-2 text-lg font-semibold text-slate-900">{t('sent.text')}</p>
        <p className="mt-2 break-words text-slate-700">{t('sent.detail', { name: sent.name, email: sent.email })}</p>
        <Button variant="secondary" className="mt-6" onClick={() => setSent(null)}>
          {t('sent.again')}
        </Button>
      </div>
    );
  }

  const messageError = fieldError('message');
  const maxCharacters = new Intl.NumberFormat(formattingLocale(i18n.language)).format(MESSAGE_MAX_CHARACTERS);
  return (
    <form method="post" noValidate onSubmit={submit} aria-labelledby="contact-form-title" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id="contact-form-title" className="text-lg font-semibold text-slate-900">
        {t('form.title')}
      </h2>
      {failure && (
        <Alert tone="error" title={t('form.failedTitle')}>
          <p>{failure}</p>
          <p>{t('form.keptNote')}</p>
        </Alert>
      )}
      <TextField label={t('form.name')} autoComplete="name" error={fieldError('name')} {...register('name')} />
      <EmailField label={t('form.email')} error={fieldError('email')} {...register('email')} />
      <TextAreaField
        label={t('form.message')}
        hint={t('form.messageHint', { max: maxCharacters })}
        error={messageError}
        rows={6}
        maxLength={MESSAGE_MAX_CHARACTERS}
        {...register('message')}
      />
      <Button type="submit" busy={busy} busyText={t('form.sending')} className="w-full sm:w-auto">
        {t('form.submit')}
      </Button>
    </form>
  );
}
