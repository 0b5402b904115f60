import { useTranslation } from 'react-i18next';
import { ListIcon, PlusCircleIcon, SendIcon, ShieldIcon } from '../../../../components/ui/icons';

const reasons = [
  { key: 'send', icon: SendIcon },
  { key: 'add', icon: PlusCircleIcon },
  { key: 'safe', icon: ShieldIcon },
  { key: 'exact', icon: ListIcon },
] as const;

/** What Poisha does differently, in four facts about the product. */
export function WhySection() {
  const { t } = useTranslation('public');
  return (
    <section aria-labelledby="why-title" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
      <h2 id="why-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('home.why.title')}
      </h2>
      <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs">
            <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon className="size-6" />
            </span>
            <h3 className="mt-4 text-base font-semibold text-slate-900">{t(`home.why.items.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-600">{t(`home.why.items.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
