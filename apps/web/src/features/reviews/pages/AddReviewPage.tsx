import { zodResolver } from '@hookform/resolvers/zod';
import { reviewFormSchema } from '@poisha/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageHeader } from '../../../components/PageHeader';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { formatDate } from '../../../lib/dates';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useFormDraft } from '../../../lib/form-draft';
import { formattingLocale } from '../../../lib/i18n';
import { useMe } from '../../../session';
import { useOwnReview, useWriteReview } from '../api/reviews';

type FormInput = z.input<typeof reviewFormSchema>;
type FormOutput = z.output<typeof reviewFormSchema>;
const FEEDBACK_MAX_CHARACTERS = 1000;
const empty: FormInput = { star: '', text: '' };

/** /dashboard/addReview: the "Add review!" card. One review per person: sending again replaces it. */
export default function AddReviewPage() {
  const { t, i18n } = useTranslation('help');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const me = useMe();
  const own = useOwnReview();
  const write = useWriteReview();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(reviewFormSchema), defaultValues: empty });
  // What was typed survives a sign-out (the idle rule) and comes back after signing in.
  const draft = useFormDraft('review', { watch, setValue }, ['text']);
  const locale = formattingLocale(i18n.language);

  const onSubmit = handleSubmit(async (body) => {
    setResult(null);
    try {
      await write.mutateAsync(body);
      reset(empty);
      draft.clear();
      setResult({ tone: 'success', text: t('reviews.added') });
    } catch (error) {
      if (applyFieldErrors(error, setError, ['star', 'text'])) return;
      setResult({ tone: 'error', text: errorMessage(error) });
    }
  });

  const previous = own.data?.review;
  return (
    <>
      <title>{t('reviews.pageTitle')}</title>
      <PageHeader title={t('reviews.title')} subtitle={t('reviews.lead')} />
      <form method="post" noValidate onSubmit={onSubmit} aria-labelledby="review-card-title" className="max-w-2xl space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <h2 id="review-card-title" className="text-xl font-semibold text-slate-900">
          {t('reviews.card')}
        </h2>
        {previous && (
          <Alert tone="info">
            {t('reviews.previous', { date: formatDate(previous.createdAt, locale), star: new Intl.NumberFormat(locale).format(previous.star) })}
          </Alert>
        )}
        <TextField label={t('reviews.name')} value={me.data?.name ?? ''} readOnly hint={t('reviews.nameHint')} />
        <TextField label={t('reviews.star')} inputMode="numeric" autoComplete="off" hint={t('reviews.starHint')} error={tm(errors.star?.message)} {...register('star')} />
        <TextAreaField
          label={t('reviews.feedback')}
          hint={t('reviews.feedbackHint', { max: new Intl.NumberFormat(locale).format(FEEDBACK_MAX_CHARACTERS) })}
          error={tm(errors.text?.message)}
          maxLength={FEEDBACK_MAX_CHARACTERS}
          {...register('text')}
        />
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <Button type="submit" busy={isSubmitting} busyText={t('reviews.sending')}>
          {t('reviews.submit')}
        </Button>
      </form>
    </>
  );
}
