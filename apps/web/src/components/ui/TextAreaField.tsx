import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldShell, fieldControlProps, inputClasses, useFieldId } from './Field';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text box in the frame every field shares (label, hint, error). */
export function TextAreaField({ label, hint, error, id, className, ref, rows = 5, ...props }: TextAreaFieldProps) {
  const inputId = useFieldId(id);
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        {...fieldControlProps(inputId, { hint, error })}
        rows={rows}
        className={inputClasses(Boolean(error), 'resize-y')}
        {...props}
      />
    </FieldShell>
  );
}
