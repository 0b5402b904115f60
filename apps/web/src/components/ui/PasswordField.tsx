import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell, fieldControlProps, inputClasses, useFieldId } from './Field';
import { EyeIcon, EyeOffIcon } from './icons';
import type { TextFieldProps } from './TextField';

/** A password input with a button that shows what was typed (useful on a phone keyboard). */
export function PasswordField({ label, hint, error, id, className, ref, ...props }: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation();
  const inputId = useFieldId(id);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          {...fieldControlProps(inputId, { hint, error })}
          type={visible ? 'text' : 'password'}
          className={inputClasses(Boolean(error), 'pr-12')}
          {...props}
        />
        <button
          type="button"
          aria-label={t('showPassword')}
          aria-pressed={visible}
          aria-controls={inputId}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-brand-800"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}
