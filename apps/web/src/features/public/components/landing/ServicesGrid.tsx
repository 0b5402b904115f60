import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { services } from '../../services';
import { ServiceIcon } from '../ServiceIcon';

/** The eight services of the spec; each card is one link (its title), stretched over the card. */
export function ServicesGrid() {
  const { t } = useTranslation('public');
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20 bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="services-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('home.services.title')}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">{t('home.services.lead')}</p>
        <ul className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
          {services.map((service) => (
            <li
              key={service.key}
              className="relative flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs transition-colors hover:border-brand-400 has-[a:focus-visible]:border-brand-700 sm:flex-col sm:p-5"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <ServiceIcon service={service.key} />
              </span>
              <div className="min-w-0">
                <h3 className="text-base font-semibold text-slate-900">
                  <Link to={service.to} className="rounded-sm after:absolute after:inset-0 after:rounded-2xl hover:text-brand-800">
                    {t(`home.services.items.${service.key}.title`)}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-slate-600">{t(`home.services.items.${service.key}.text`)}</p>
                {!service.available && (
                  <p className="mt-2 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{t('home.services.soon')}</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
