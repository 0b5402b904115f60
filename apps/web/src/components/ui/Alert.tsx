import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons';

type Tone = 'info' | 'success' | 'error' | 'warning';

const tones: Record<Tone, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-950',
};

const icons: Record<Tone, typeof InfoIcon> = { info: InfoIcon, success: CheckCircleIcon, error: AlertIcon, warning: AlertIcon };

/** A message box. Errors are announced at once (role alert); other tones politely (role status). */
export function Alert({ tone = 'info', title, children, id }: { tone?: Tone; title?: string; children?: ReactNode; id?: string }) {
  const Icon = icons[tone];
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={`flex gap-3 rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="break-words">{children}</div>}
      </div>
    </div>
  );
}
