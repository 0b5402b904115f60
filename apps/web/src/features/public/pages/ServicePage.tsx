import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button';
import { ArrowRightIcon, ClockIcon } from '../../../components/ui/icons';
import { ServiceIcon } from '../components/ServiceIcon';
import { upcomingServiceBySlug } from '../services';
import NotFoundPage from './NotFoundPage';

/** /services/:service: a service that is not built yet, what it will do, and the way back. */
export default function ServicePage() {
  const { t } = useTranslation('public');
  const { service: slug = '' } = useParams();
  const service = Object.hasOwn(upcomingServiceBySlug, slug) ? upcomingServiceBySlug[slug] : undefined;
  if (!service) return <NotFoundPage />;
  const title = t(`home.services.items.${service}.title`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{t('service.pageTitle', { title })}</title>
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <ServiceIcon service={service} className="size-7" />
      </span>
      <p className="mt-6 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
        <ClockIcon className="size-4" />
        {t('service.eyebrow')}
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{t(`service.items.${service}`)}</p>
      <p className="mt-3 text-slate-700">{t('service.meanwhile')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/#services" className={buttonClasses('secondary')}>
          {t('service.back')}
        </Link>
        <Link to="/signUp" className={buttonClasses('primary')}>
          {t('service.start')} <ArrowRightIcon />
        </Link>
      </div>
    </div>
  );
}
