import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button';
import { TeamGrid } from '../components/about/TeamGrid';
import { TypedSlogan } from '../components/about/TypedSlogan';

const values = ['simple', 'safe', 'fair'] as const;

export default function AboutUsPage() {
  const { t } = useTranslation('public');
  return (
    <>
      <title>{t('about.pageTitle')}</title>
      <section aria-labelledby="about-title" className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-5xl px-4 pt-12 pb-10 sm:px-6 sm:pt-16">
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">{t('about.eyebrow')}</p>
          <h1 id="about-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {t('about.title')}
          </h1>
          <TypedSlogan />
          <p className="mt-6 max-w-3xl text-lg text-slate-700">{t('about.lead')}</p>
          <p className="mt-4 max-w-3xl text-slate-700">{t('about.body')}</p>
        </div>
      </section>

      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <section aria-labelledby="mission-title" className="mt-10">
          <h2 id="mission-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
            {t('about.missionTitle')}
          </h2>
          <p className="mt-4 max-w-3xl text-slate-700">{t('about.mission')}</p>
        </section>

        <section aria-labelledby="values-title" className="mt-12">
          <h2 id="values-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
            {t('about.valuesTitle')}
          </h2>
          <ul className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-3">
            {values.map((value) => (
              <li key={value} className="rounded-xl border border-slate-200 bg-white p-5">
                <h3 className="font-semibold text-brand-800">{t(`about.values.${value}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-600">{t(`about.values.${value}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="team-title" className="mx-auto max-w-5xl px-4 pt-14 sm:px-6">
        <h2 id="team-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
          {t('about.teamTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{t('about.teamLead')}</p>
        <TeamGrid />
      </section>

      <section aria-labelledby="about-cta-title" className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <div className="on-dark flex flex-col items-start justify-between gap-6 rounded-3xl bg-brand-800 px-6 py-10 text-white sm:flex-row sm:items-center sm:px-10">
          <div>
            <h2 id="about-cta-title" className="text-2xl font-bold">
              {t('about.ctaTitle')}
            </h2>
            <p className="mt-2 text-brand-100">{t('about.ctaText')}</p>
          </div>
          <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
            <Link to="/signUp" className={buttonClasses('secondary', 'border-white px-6 text-base')}>
              {t('about.ctaSignup')}
            </Link>
            <Link to="/contactUs" className={buttonClasses('ghost', 'px-6 text-base text-white hover:bg-white/10 hover:text-white')}>
              {t('about.ctaContact')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
