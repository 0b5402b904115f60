import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { describedBy, FieldShell, inputClasses } from './Field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, id, className, ref, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, Boolean(hint && !error), Boolean(error))}
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
