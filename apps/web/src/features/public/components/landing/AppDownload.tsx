import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhoneIcon } from '../../../../components/ui/icons';

/**
 * The store apps are not out yet, so the badges say "soon" and lead to what works today: the web
 * app, which runs in the browser of any phone.
 */
export function AppDownload() {
  const { t } = useTranslation('public');
  const badges = [
    { src: '/badges/android-app.svg', label: t('home.app.android') },
    { src: '/badges/ios-app.svg', label: t('home.app.ios') },
  ];
  return (
    <section aria-labelledby="app-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="on-dark grid items-center gap-8 overflow-hidden rounded-3xl bg-brand-900 px-6 py-10 text-white sm:px-10 lg:grid-cols-[1fr_auto]">
        <div className="min-w-0">
          <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-xl bg-white/10">
            <PhoneIcon className="size-6" />
          </span>
          <h2 id="app-title" className="mt-4 text-2xl font-bold sm:text-3xl">
            {t('home.app.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-brand-50">{t('home.app.text')}</p>
          <p className="mt-3 max-w-2xl text-sm text-brand-100">{t('home.app.tip')}</p>
        </div>
        <ul className="flex flex-wrap gap-3 lg:flex-col">
          {badges.map((badge) => (
            <li key={badge.src}>
              <Link to="/signUp" className="block rounded-[0.7rem]">
                <img src={badge.src} alt={badge.label} width={196} height={58} loading="lazy" decoding="async" className="block h-[58px] w-auto" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
