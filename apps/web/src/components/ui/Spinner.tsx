import { useTranslation } from 'react-i18next';

const sizes = { sm: 'size-4 border-2', md: 'size-8 border-[3px]', lg: 'size-12 border-4' } as const;

/** A turning ring. Without a label it is decorative (the surrounding text says what is happening). */
export function Spinner({ size = 'md', label }: { size?: keyof typeof sizes; label?: string }) {
  const ring = (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] ${sizes[size]}`}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {ring}
    </span>
  );
}

/** The whole content area while something essential (the session, a page's code) is loading. */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('loading');
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 p-8 text-brand-700">
      <Spinner size="lg" />
      <span className="text-sm font-medium text-slate-600">{text}</span>
    </div>
  );
}
