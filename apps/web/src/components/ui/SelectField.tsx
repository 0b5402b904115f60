import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldShell, fieldControlProps, inputClasses, useFieldId } from './Field';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** A native select in the frame every field shares (label, hint, error; 44 px tall). */
export function SelectField({ label, hint, error, id, className, ref, children, ...props }: SelectFieldProps) {
  const inputId = useFieldId(id);
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <select
          ref={ref}
          {...fieldControlProps(inputId, { hint, error })}
          className={inputClasses(Boolean(error), 'appearance-none pr-10')}
          {...props}
        >
          {children}
        </select>
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </div>
    </FieldShell>
  );
}
