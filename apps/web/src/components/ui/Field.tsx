import { useId, type ReactNode } from 'react';
import { AlertIcon } from './icons';

/** Ids that tie an input to its hint and error text. */
export function describedBy(inputId: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The id of a field's control: the one the caller gives, else one of its own. */
export function useFieldId(givenId: string | undefined): string {
  const generatedId = useId();
  return givenId ?? generatedId;
}

/**
 * What ties a field's control to the frame around it: its id (the label's htmlFor), invalid while
 * there is an error, and described by the hint or the error that FieldShell shows under it.
 */
export function fieldControlProps(inputId: string, { hint, error }: { hint?: string | undefined; error?: string | undefined }) {
  return {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(inputId, Boolean(hint && !error), Boolean(error)),
  } as const;
}

/** The frame of a text box: border (red when invalid), 44 px tall at least. */
export function boxClasses(invalid: boolean): string {
  const border = invalid ? 'border-red-600' : 'border-slate-300 hover:border-slate-400';
  return `min-h-11 w-full rounded-lg border bg-white text-base text-slate-900 shadow-xs ${border}`;
}

export function inputClasses(invalid: boolean, extra = ''): string {
  return `block px-3.5 py-2.5 placeholder:text-slate-500 focus:border-brand-700 disabled:bg-slate-100 [&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-700 ${boxClasses(invalid)} ${extra}`.trim();
}

interface FieldShellProps {
  inputId: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/** Label above, hint and error below: the frame every form field shares. */
export function FieldShell({ inputId, label, hint, error, className = '', children }: FieldShellProps) {
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <AlertIcon className="mt-px size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
