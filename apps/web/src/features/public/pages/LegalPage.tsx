import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { formattingLocale } from '../../../lib/i18n';

/** When the texts below last changed (an instant, shown as a Bangladesh date). */
const LAST_UPDATED = '2026-11-01T06:00:00Z';

/** /terms and /privacy: a few plain paragraphs each, in the reader's language. */
export default function LegalPage({ kind: page }: { kind: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation('legal');
  const paragraphs = t(`${page}.paragraphs`, { returnObjects: true });
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{t(`${page}.pageTitle`)}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t(`${page}.title`)}</h1>
      <p className="mt-3 text-sm text-slate-600">{t('updated', { date: formatDate(LAST_UPDATED, formattingLocale(i18n.language)) })}</p>
      <div className="mt-8 space-y-5 text-slate-800">
        {(Array.isArray(paragraphs) ? (paragraphs as string[]) : []).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
