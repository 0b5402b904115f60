import type { InputHTMLAttributes, Ref } from 'react';
import { FieldShell, fieldControlProps, inputClasses, useFieldId } from './Field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, id, className, ref, ...props }: TextFieldProps) {
  const inputId = useFieldId(id);
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        {...fieldControlProps(inputId, { hint, error })}
        className={inputClasses(Boolean(error))}
        {...props}
      />
    </FieldShell>
  );
}

/** A text field for an e-mail address: the phone's e-mail keyboard, and the browser's own address offered. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} />;
}
