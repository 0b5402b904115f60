import { DEFAULT_PHONE_COUNTRY, latinDigits } from '@poisha/contracts';
import { useId, useMemo, type ComponentProps, type Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import PhoneInput, { getCountries, type Labels } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';
import { FieldShell, fieldControlProps } from './Field';

interface PhoneFieldProps {
  label: string;
  name?: string;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** Country names in the reader's language, from the browser's own data (no locale files to ship). */
function useCountryLabels(): Labels {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const labels: Labels = { country: t('phone.country'), phone: t('phone.number'), ext: t('phone.ext'), ZZ: t('phone.international') };
    for (const code of getCountries()) labels[code] = names.of(code) ?? code;
    return labels;
  }, [language, t]);
}

/**
 * What is typed into the number, in the local form the field shows: Latin digits, and Bangladesh's
 * country code (+880, 880, 00880) as the trunk 0, so +8801822021430 reads 01822-021430.
 */
export const typedAsLocal = (typed: string) => latinDigits(typed).replace(/^\s*(?:\+|00)?\s*8\s*8\s*0[\s-]*/, '0');

/**
 * The number's own input: what is typed the local way (Bangla digits, 8801… with or without its
 * plus) is put in the form the phone library reads before it sees it, so every way of writing a
 * number works and a Bangladeshi one is shown back the local way.
 */
function LocalPhoneInput({ onChange, ...props }: ComponentProps<'input'>) {
  return (
    <input
      {...props}
      onChange={(event) => {
        const typed = event.target.value;
        const local = typedAsLocal(typed);
        if (local !== typed) event.target.value = local;
        onChange?.(event);
      }}
    />
  );
}

/**
 * The frame of the composite field. Its outline is an inset ring rather than a border, so the
 * country picker and the number inside it are the full 44 px tall touch targets.
 */
function phoneBoxClasses(invalid: boolean): string {
  const ring = invalid ? 'ring-red-600' : 'ring-slate-300 hover:ring-slate-400 focus-within:ring-brand-700';
  return `poisha-phone flex min-h-11 w-full items-center gap-2 rounded-lg bg-white px-3.5 text-base text-slate-900 shadow-xs ring-1 ring-inset ${ring}`;
}

/**
 * A phone number with a country picker; Bangladesh is the default country. A Bangladeshi number is
 * typed and shown the local way (01712-345678); a "+" starts an international one.
 */
export function PhoneField({ label, name, value, onChange, onBlur, error, hint, disabled, ref }: PhoneFieldProps) {
  const inputId = useId();
  const labels = useCountryLabels();
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error}>
      <PhoneInput
        // The library forwards the ref to its <input>; its types describe the component instead.
        ref={ref as unknown as Ref<never>}
        {...fieldControlProps(inputId, { hint, error })}
        name={name}
        defaultCountry={DEFAULT_PHONE_COUNTRY}
        // A number filled in beforehand (a quick pick, "Ask for it back") reads as lists show it: 01912-345602.
        initialValueFormat="national"
        flags={flags}
        inputComponent={LocalPhoneInput}
        labels={labels}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        onBlur={onBlur}
        disabled={disabled}
        autoComplete="tel"
        className={phoneBoxClasses(Boolean(error))}
        numberInputProps={{ className: 'min-h-11 min-w-0 flex-1 bg-transparent text-base outline-none' }}
      />
    </FieldShell>
  );
}

interface PhoneFormFieldProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/** PhoneField wired to a react-hook-form field (the input is controlled by the library). */
export function PhoneFormField<Values extends FieldValues, Output>({ control, name, label, hint, error }: PhoneFormFieldProps<Values, Output>) {
  const {
    field: { value, onChange, onBlur, ref },
  } = useController({ control, name });
  return <PhoneField label={label} hint={hint} name={name} value={value} onChange={onChange} onBlur={onBlur} ref={ref} error={error} />;
}
