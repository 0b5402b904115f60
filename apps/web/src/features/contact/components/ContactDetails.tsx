import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon, PhoneIcon } from '../../../components/ui/icons';
import { useHelpLine } from '../../../lib/help-line';
import { formattingLocale } from '../../../lib/i18n';
import { useLocalDigits } from '../../../lib/use-local-digits';

/** Opening hours: Saturday to Thursday, 9:00 to 18:00 (Friday is the weekend). */
const OPEN = { fromDay: '2024-01-06', toDay: '2024-01-11', closedDay: '2024-01-12', openHour: 9, closeHour: 18 } as const;

function useOpeningHours() {
  const { t, i18n } = useTranslation('contact');
  const locale = formattingLocale(i18n.language);
  // Days and times are named by Intl in the reader's language; the dates are a known Sat, Thu, Fri.
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  const day = (date: string) => weekday.format(new Date(`${date}T12:00:00Z`));
  const at = (hour: number) => time.format(new Date(Date.UTC(2024, 0, 6, hour)));
  return {
    open: t('details.hoursValue', { from: day(OPEN.fromDay), to: day(OPEN.toDay), open: at(OPEN.openHour), close: at(OPEN.closeHour) }),
    closed: t('details.closed', { day: day(OPEN.closedDay) }),
  };
}

/** One term and its description; the icon sits in the term, so the list holds only dt/dd groups. */
function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="relative min-h-10 pl-13">
      <dt className="text-sm font-semibold text-slate-900">
        <span aria-hidden="true" className="absolute top-0 left-0 flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-0.5 text-slate-700">{children}</dd>
    </div>
  );
}

/** Address, help line and opening hours. */
export function ContactDetails() {
  const { t } = useTranslation('contact');
  const hours = useOpeningHours();
  const helpLine = useHelpLine();
  const digits = useLocalDigits();
  return (
    // The help line and opening hours come from the server: boot.ts loads the app when this is near the screen.
    <section data-live aria-labelledby="contact-details-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id="contact-details-title" className="text-lg font-semibold text-slate-900">
        {t('details.title')}
      </h2>
      <dl className="mt-5 space-y-5">
        <Detail
          term={t('details.office')}
          icon={
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="size-5">
              <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
              <circle cx="12" cy="10" r="2.3" />
            </svg>
          }
        >
          <address className="not-italic">{t('details.address')}</address>
        </Detail>
        <Detail term={t('details.helpLine')} icon={<PhoneIcon className="size-5" />}>
          {helpLine.data ? (
            <a href={`tel:${helpLine.data.phone}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
              {digits(helpLine.data.display)}
            </a>
          ) : (
            <span className="inline-flex min-h-11 items-center">…</span>
          )}
        </Detail>
        <Detail term={t('details.hours')} icon={<ClockIcon className="size-5" />}>
          <p>{hours.open}</p>
          <p className="text-sm text-slate-600">{hours.closed}</p>
        </Detail>
      </dl>
    </section>
  );
}
