import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';
import { OFFLINE_BANNER_ID } from './OfflineBanner';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:border-brand-700 hover:text-brand-800',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

/** Classes of a button, for links that look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** While true the button is disabled, shows a spinner and, if given, `busyText`. */
  busy?: boolean;
  busyText?: string;
  /**
   * A button that moves money (or otherwise needs the server at once): held while offline, with
   * the offline banner as its description, so nothing is pressed that could not be sent.
   */
  needsNetwork?: boolean;
}

export function Button({ variant = 'primary', busy = false, busyText, needsNetwork = false, className = '', disabled, children, type = 'button', ...props }: ButtonProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const held = needsNetwork && !online;
  return (
    <button
      type={type}
      disabled={disabled || busy || held}
      title={held ? t('offline.action') : undefined}
      aria-describedby={held ? OFFLINE_BANNER_ID : undefined}
      aria-busy={busy || undefined}
      className={buttonClasses(variant, className)}
      {...props}
    >
      {busy && <Spinner size="sm" />}
      {busy && busyText ? busyText : children}
    </button>
  );
}
