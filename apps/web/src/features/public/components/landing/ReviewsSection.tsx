import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../../components/ui/Button';
import { initials } from '../../../../lib/format';
import { formatDate } from '../../../../lib/dates';
import { formattingLocale } from '../../../../lib/i18n';
import { LANDING_REVIEWS, useReviews } from '../../api/get-reviews';
import { StarRating } from '../StarRating';

function ReviewSkeletons() {
  return (
    <ul aria-hidden="true" className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: LANDING_REVIEWS }, (_, index) => (
        <li key={index} className="animate-pulse rounded-2xl border border-slate-200 bg-white p-6 motion-reduce:animate-none">
          <div className="h-4 w-28 rounded bg-slate-200" />
          <div className="mt-4 space-y-2">
            <div className="h-3 rounded bg-slate-200" />
            <div className="h-3 rounded bg-slate-200" />
            <div className="h-3 w-2/3 rounded bg-slate-200" />
          </div>
          <div className="mt-6 flex items-center gap-3">
            <div className="size-10 rounded-full bg-slate-200" />
            <div className="h-3 w-24 rounded bg-slate-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The six newest reviews, newest first (spec: "Reviews shown: 6"). */
export function ReviewsSection() {
  const { t, i18n } = useTranslation('public');
  const locale = formattingLocale(i18n.language);
  const reviews = useReviews();
  return (
    <section data-live aria-labelledby="reviews-title" aria-busy={reviews.isPending || undefined} className="bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="reviews-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {t('home.reviews.title')}
            </h2>
            <p className="mt-2 text-slate-700">{t('home.reviews.lead')}</p>
          </div>
          <Link to="/dashboard/addReview" className={buttonClasses('secondary')}>
            {t('home.reviews.write')}
          </Link>
        </div>

        {reviews.isPending && (
          <>
            <p role="status" className="sr-only">
              {t('home.reviews.loading')}
            </p>
            <ReviewSkeletons />
          </>
        )}

        {reviews.isError && (
          <div className="mt-8 space-y-3">
            <Alert tone="error">{t('home.reviews.error')}</Alert>
            <Button variant="secondary" onClick={() => void reviews.refetch()}>
              {t('home.reviews.retry')}
            </Button>
          </div>
        )}

        {reviews.isSuccess && reviews.data.length === 0 && (
          <p className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">{t('home.reviews.empty')}</p>
        )}

        {reviews.isSuccess && reviews.data.length > 0 && (
          <ul aria-labelledby="reviews-title" className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.data.map((review) => (
              <li key={review.id} className="flex">
                <figure className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-xs">
                  <StarRating value={review.star} />
                  <blockquote className="mt-4 flex-1 text-slate-800">
                    {/* Shown as the person wrote it (data-user-content: the Bangla-digits check leaves it alone). */}
                    <p data-user-content className="break-words whitespace-pre-line">
                      {review.text}
                    </p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
                      {initials(review.name)}
                    </span>
                    <span className="min-w-0">
                      <span className="block font-semibold break-words text-slate-900">{review.name}</span>
                      <time dateTime={review.createdAt} className="block text-sm text-slate-600">
                        {formatDate(review.createdAt, locale)}
                      </time>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
