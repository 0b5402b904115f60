import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button';
import { ArrowRightIcon, ListIcon, PlusCircleIcon, SendIcon, ShieldIcon } from '../../../components/ui/icons';
import { useSession } from '../../auth';
import { WalletPreview } from '../components/WalletPreview';

const features = [
  { key: 'send', icon: SendIcon },
  { key: 'add', icon: PlusCircleIcon },
  { key: 'safe', icon: ShieldIcon },
  { key: 'exact', icon: ListIcon },
] as const;

export default function HomePage() {
  const { t } = useTranslation('public');
  const { data: session } = useSession();
  return (
    <>
      <title>{t('home.pageTitle')}</title>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_0.9fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-xs ring-1 ring-brand-200">
              <span aria-hidden="true" className="size-2 rounded-full bg-accent-500" />
              {t('home.eyebrow')}
            </p>
            <h1 className="mt-5 text-4xl leading-tight font-bold tracking-tight text-slate-900 sm:text-5xl">{t('home.headline')}</h1>
            <p className="mt-5 max-w-xl text-lg text-slate-700">{t('home.lead')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              {session ? (
                <Link to="/dashboard" className={buttonClasses('primary', 'px-6 text-base')}>
                  {t('home.openDashboard')} <ArrowRightIcon />
                </Link>
              ) : (
                <>
                  <Link to="/signUp" className={buttonClasses('primary', 'px-6 text-base')}>
                    {t('home.ctaSignup')} <ArrowRightIcon />
                  </Link>
                  <Link to="/login" className={buttonClasses('secondary', 'px-6 text-base')}>
                    {t('home.ctaLogin')}
                  </Link>
                </>
              )}
            </div>
            <p className="mt-4 text-sm text-slate-600">{t('home.note')}</p>
          </div>
          <WalletPreview />
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('home.featuresTitle')}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-base font-semibold text-slate-900">{t(`home.features.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600">{t(`home.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      {!session && (
        <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <div className="on-dark flex flex-col items-start justify-between gap-6 rounded-3xl bg-brand-800 px-6 py-10 text-white sm:flex-row sm:items-center sm:px-10">
            <div>
              <h2 className="text-2xl font-bold">{t('home.bandTitle')}</h2>
              <p className="mt-2 text-brand-100">{t('home.bandText')}</p>
            </div>
            <Link to="/signUp" className={buttonClasses('secondary', 'shrink-0 border-white px-6 text-base')}>
              {t('home.ctaSignup')}
            </Link>
          </div>
        </section>
      )}
    </>
  );
}
