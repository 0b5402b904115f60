import { reviewFormSchema } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageHeader } from '../../../components/PageHeader';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { formatDate } from '../../../lib/dates';
import { useApiForm } from '../../../lib/api-form';
import { formattingLocale } from '../../../lib/i18n';
import { useMe } from '../../../session';
import { useOwnReview, useWriteReview } from '../api/reviews';

const FEEDBACK_MAX_CHARACTERS = 1000;
const empty: z.input<typeof reviewFormSchema> = { star: '', text: '' };

/** /dashboard/addReview: the "Add review!" card. One review per person: sending again replaces it. */
export default function AddReviewPage() {
  const { t, i18n } = useTranslation('help');
  const me = useMe();
  const own = useOwnReview();
  const write = useWriteReview();
  const [added, setAdded] = useState(false);
  const { register, reset, submit, busy, failure, fieldError } = useApiForm({
    schema: reviewFormSchema,
    defaultValues: empty,
    // What was typed survives a sign-out (the idle rule) and comes back after signing in.
    draft: { name: 'review', fields: ['text'] },
    onSubmit: async (body) => {
      setAdded(false);
      await write.mutateAsync(body);
      reset(empty);
      setAdded(true);
    },
  });
  const locale = formattingLocale(i18n.language);

  const previous = own.data?.review;
  return (
    <>
      <title>{t('reviews.pageTitle')}</title>
      <PageHeader title={t('reviews.title')} subtitle={t('reviews.lead')} />
      <form method="post" noValidate onSubmit={submit} aria-labelledby="review-card-title" className="max-w-2xl space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <h2 id="review-card-title" className="text-xl font-semibold text-slate-900">
          {t('reviews.card')}
        </h2>
        {previous && (
          <Alert tone="info">
            {t('reviews.previous', { date: formatDate(previous.createdAt, locale), star: new Intl.NumberFormat(locale).format(previous.star) })}
          </Alert>
        )}
        <TextField label={t('reviews.name')} value={me.data?.name ?? ''} readOnly hint={t('reviews.nameHint')} />
        <TextField label={t('reviews.star')} inputMode="numeric" autoComplete="off" hint={t('reviews.starHint')} error={fieldError('star')} {...register('star')} />
        <TextAreaField
          label={t('reviews.feedback')}
          hint={t('reviews.feedbackHint', { max: new Intl.NumberFormat(locale).format(FEEDBACK_MAX_CHARACTERS) })}
          error={fieldError('text')}
          maxLength={FEEDBACK_MAX_CHARACTERS}
          {...register('text')}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        {added && <Alert tone="success">{t('reviews.added')}</Alert>}
        <Button type="submit" busy={busy} busyText={t('reviews.sending')}>
          {t('reviews.submit')}
        </Button>
      </form>
    </>
  );
}
