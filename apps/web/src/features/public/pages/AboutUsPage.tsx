import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button';
import { ComingSoon } from '../../../components/ui/ComingSoon';

const values = ['simple', 'safe', 'fair'] as const;

export default function AboutUsPage() {
  const { t } = useTranslation('public');
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{t('about.pageTitle')}</title>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('about.eyebrow')}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('about.title')}</h1>
      <p className="mt-5 text-lg text-slate-700">{t('about.lead')}</p>
      <p className="mt-4 text-slate-700">{t('about.body')}</p>

      <h2 className="mt-12 text-xl font-bold text-slate-900">{t('about.valuesTitle')}</h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-3">
        {values.map((value) => (
          <li key={value} className="rounded-xl border border-slate-200 bg-white p-5">
            <h3 className="font-semibold text-brand-800">{t(`about.values.${value}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-600">{t(`about.values.${value}.text`)}</p>
          </li>
        ))}
      </ul>

      <h2 className="mt-12 mb-4 text-xl font-bold text-slate-900">{t('about.teamTitle')}</h2>
      <ComingSoon description={t('about.teamSoon')} />

      <div className="mt-12">
        <Link to="/signUp" className={buttonClasses('primary')}>
          {t('home.ctaSignup')}
        </Link>
      </div>
    </div>
  );
}
