import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The logo mark and name, linking home. */
export function Brand({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={`inline-flex min-h-11 items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand-800 ${className}`}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8">
        <rect width="32" height="32" rx="8" fill="#006a4e" />
        <circle cx="16" cy="16" r="7" fill="#f42a41" />
        <path d="M13.5 21.5v-11h4a3.2 3.2 0 0 1 0 6.4h-4" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('brand')}
    </Link>
  );
}
