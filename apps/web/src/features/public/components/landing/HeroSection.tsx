import { CURRENCY, WELCOME_BONUS_CENTS } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../../components/ui/icons';
import { formatMoney } from '../../../../lib/format';
import { formattingLocale } from '../../../../lib/i18n';
import { useSession } from '../../../../session';
import { WalletPreview } from '../WalletPreview';
import { AppLinkForm } from './AppLinkForm';

/** The spec's welcome bonus: 1,000 US dollars credited at sign-up. */

export function HeroSection() {
  const { t, i18n } = useTranslation('public');
  const { data: session } = useSession();
  const locale = formattingLocale(i18n.language);
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_0.9fr]">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-xs ring-1 ring-brand-200">
            <span aria-hidden="true" className="size-2 rounded-full bg-accent-500" />
            {t('home.eyebrow')}
          </p>
          <h1 id="hero-title" className="mt-5 text-3xl leading-tight font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {t('home.headline')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700">{t('home.lead')}</p>
          <p className="mt-3 max-w-xl font-semibold text-brand-800">{t('home.bonus', { amount: formatMoney(WELCOME_BONUS_CENTS, CURRENCY, locale) })}</p>
          <div className="mt-8">
            <AppLinkForm />
          </div>
          <p className="mt-6 flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            {session ? (
              <Link to="/dashboard" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline underline-offset-4">
                {t('home.openDashboard')} <ArrowRightIcon className="size-4" />
              </Link>
            ) : (
              <>
                <span>{t('home.signupPrompt')}</span>
                <Link to="/signUp" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline underline-offset-4">
                  {t('home.ctaSignup')} <ArrowRightIcon className="size-4" />
                </Link>
              </>
            )}
          </p>
        </div>
        <WalletPreview />
      </div>
    </section>
  );
}
