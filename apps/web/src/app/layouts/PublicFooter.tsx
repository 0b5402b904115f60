import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { services } from '../../features/public';
import { formattingLocale } from '../../lib/i18n';
import { Brand } from '../Brand';

type Network = 'facebook' | 'x' | 'linkedin' | 'youtube';

/** Simple marks for the networks (24 px grid, current colour), drawn for Poisha. */
const networks: { id: Network; href: string; icon: ReactNode }[] = [
  {
    id: 'facebook',
    href: 'https://www.facebook.com/',
    icon: <path fill="currentColor" d="M13.5 21v-7.5H16l.5-3h-3V8.7c0-.9.3-1.5 1.6-1.5h1.6V4.5a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2H7.5v3h2.8V21z" />,
  },
  { id: 'x', href: 'https://x.com/', icon: <path fill="currentColor" d="M4.5 4h4.2l4 5.6L17.4 4h2l-5.8 6.9L20 20h-4.2l-4.3-6-5.1 6h-2l6.2-7.2z" /> },
  {
    id: 'linkedin',
    href: 'https://www.linkedin.com/',
    icon: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="3" fill="currentColor" />
        <path d="M8 10.5V17M8 7.5v.01M11.5 17v-6.5M11.5 13.2c0-1.6 1-2.7 2.4-2.7s2.1.9 2.1 2.6V17" stroke="#0f172a" strokeWidth="2" strokeLinecap="round" fill="none" />
      </>
    ),
  },
  {
    id: 'youtube',
    href: 'https://www.youtube.com/',
    icon: (
      <>
        <rect x="2.5" y="5.5" width="19" height="13" rx="4" fill="currentColor" />
        <path d="m10 9 5 3-5 3z" fill="#0f172a" />
      </>
    ),
  },
];

const linkClasses = 'inline-flex min-h-11 items-center text-slate-300 hover:text-white hover:underline underline-offset-4';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-2">{children}</ul>
    </div>
  );
}

function scrollToTop() {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  // Keyboard focus goes back up too, to the page's first stop (the skip link's target is main).
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** The footer of public pages: services, company, legal, social links, back to top and copyright. */
export function PublicFooter() {
  const { t, i18n } = useTranslation('public');
  const year = new Intl.DateTimeFormat(formattingLocale(i18n.language), { year: 'numeric' }).format(new Date());
  return (
    <footer className="on-dark bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-[1.3fr_1fr_1fr_1fr]">
          <div className="col-span-2 lg:col-span-1">
            <Brand className="rounded-md bg-white px-2" />
            <p className="mt-3 max-w-xs text-sm">{t('footer.tagline')}</p>
            <h2 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">{t('footer.followUs')}</h2>
            <ul className="mt-2 flex gap-1">
              {networks.map((network) => (
                <li key={network.id}>
                  <a
                    href={network.href}
                    rel="noopener noreferrer"
                    aria-label={t(`footer.social.${network.id}`)}
                    className="inline-flex size-11 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white"
                  >
                    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5">
                      {network.icon}
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <nav aria-label={t('footer.services')} className="row-span-2 lg:row-span-1">
            <Column title={t('footer.services')}>
              {services
                .filter((service) => service.key !== 'callUs')
                .map((service) => (
                  <li key={service.key}>
                    <Link to={service.to} className={linkClasses}>
                      {t(`home.services.items.${service.key}.title`)}
                    </Link>
                  </li>
                ))}
            </Column>
          </nav>
          <nav aria-label={t('footer.company')}>
            <Column title={t('footer.company')}>
              <li>
                <Link to="/aboutUs" className={linkClasses}>
                  {t('footer.aboutUs')}
                </Link>
              </li>
              <li>
                <Link to="/contactUs" className={linkClasses}>
                  {t('footer.contact')}
                </Link>
              </li>
            </Column>
          </nav>
          <nav aria-label={t('footer.legal')}>
            <Column title={t('footer.legal')}>
              <li>
                <Link to="/terms" className={linkClasses}>
                  {t('footer.terms')}
                </Link>
              </li>
              <li>
                <Link to="/privacy" className={linkClasses}>
                  {t('footer.privacy')}
                </Link>
              </li>
            </Column>
          </nav>
        </div>
        <div className="mt-10 flex flex-col-reverse gap-4 border-t border-slate-700 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">{t('footer.copyright', { year })}</p>
          <button
            type="button"
            onClick={scrollToTop}
            className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg border border-slate-600 px-4 text-sm font-semibold text-white hover:bg-white/10"
          >
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-4">
              <path d="M10 16V4M5 9l5-5 5 5" />
            </svg>
            {t('footer.toTop')}
          </button>
        </div>
      </div>
    </footer>
  );
}
