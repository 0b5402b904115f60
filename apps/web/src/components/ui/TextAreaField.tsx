import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldShell, inputClasses } from './Field';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text box in the frame every field shares (label, hint, error). */
export function TextAreaField({ label, hint, error, id, className, ref, rows = 5, ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, Boolean(hint && !error), Boolean(error))}
        className={inputClasses(Boolean(error), 'resize-y')}
        {...props}
      />
    </FieldShell>
  );
}
