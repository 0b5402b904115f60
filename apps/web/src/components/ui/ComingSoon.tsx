import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from './icons';

/** A calm placeholder for a screen another release delivers: one sentence on what it will do. */
export function ComingSoon({ description, children }: { description: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="@container rounded-2xl border border-dashed border-brand-300 bg-white p-5 sm:p-6">
      <div className="flex gap-4">
        <span aria-hidden="true" className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 @md:flex">
          <ClockIcon className="size-6" />
        </span>
        <div className="min-w-0 space-y-2">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-amber-900 uppercase">
            <ClockIcon className="size-3.5 @md:hidden" />
            {t('comingSoon')}
          </p>
          <p className="max-w-prose text-base text-slate-700">{description}</p>
          {children}
        </div>
      </div>
    </div>
  );
}
