import { PAYMENT_PIN_LENGTH, toAsciiDigits } from '@poisha/contracts';
import { useState, type Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocalDigits } from '../../lib/use-local-digits';
import { FieldShell, fieldControlProps, useFieldId } from './Field';
import { EyeIcon, EyeOffIcon } from './icons';

/** What is typed or pasted into a PIN: its digits only, Bangla ones (০–৯) read as 0–9, at most 5. */
export const typedPin = (typed: string) => toAsciiDigits(typed).replace(/\D/g, '').slice(0, PAYMENT_PIN_LENGTH);

export interface PinFieldProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** The digits typed so far (Latin). */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  disabled?: boolean;
  /** The field a dialog focuses when it opens (Dialog's `data-autofocus`). */
  dialogFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A 5-digit PIN: one labelled masked input (a password field with the phone's number pad), drawn as
 * five boxes that fill with a dot per digit. The input lies over the boxes, invisible, so a tap on
 * them types into it, and a screen reader meets a single secure field with its label, hint and
 * error. Bangla digits are read as Latin ones as they are typed or pasted; anything else is dropped.
 * The eye shows the digits (in the reader's numerals).
 */
export function PinField({ label, hint, error, value = '', onChange, onBlur, name, id, disabled = false, dialogFocus = false, ref }: PinFieldProps) {
  const { t } = useTranslation();
  const local = useLocalDigits();
  const inputId = useFieldId(id);
  const [visible, setVisible] = useState(false);
  const [focused, setFocused] = useState(false);
  const digits = typedPin(value);
  // The box the next digit goes into (the last one once all are typed).
  const next = Math.min(digits.length, PAYMENT_PIN_LENGTH - 1);

  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error}>
      <div className="flex items-center gap-2">
        <div className="relative max-w-64 min-w-0 flex-1">
          <input
            ref={ref}
            {...fieldControlProps(inputId, { hint, error })}
            name={name}
            type={visible ? 'text' : 'password'}
            inputMode="numeric"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            disabled={disabled}
            data-autofocus={dialogFocus || undefined}
            value={digits}
            onChange={(event) => onChange(typedPin(event.target.value))}
            onFocus={() => setFocused(true)}
            onBlur={() => {
              setFocused(false);
              onBlur?.();
            }}
            // Invisible but there: 16 px text keeps phones from zooming in; the boxes show the focus.
            className="peer absolute inset-0 z-10 size-full cursor-text text-base opacity-0 disabled:cursor-not-allowed"
          />
          <div
            aria-hidden="true"
            data-testid="pin-boxes"
            className="grid grid-cols-5 gap-1.5 rounded-lg peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-800 sm:gap-2"
          >
            {Array.from({ length: PAYMENT_PIN_LENGTH }, (_, index) => {
              const digit = digits[index];
              const current = focused && index === next;
              const border = error ? 'border-red-600' : current ? 'border-brand-700' : 'border-slate-300';
              return (
                <span
                  key={index}
                  className={`flex h-12 min-w-0 items-center justify-center rounded-lg border-2 text-xl font-semibold text-slate-900 tabular-nums shadow-xs ${border} ${disabled ? 'bg-slate-100' : 'bg-white'}`}
                >
                  {digit === undefined ? '' : visible ? local(digit) : '•'}
                </span>
              );
            })}
          </div>
        </div>
        <button
          type="button"
          aria-label={t('showPin')}
          aria-pressed={visible}
          aria-controls={inputId}
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
          className="flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:text-brand-800 disabled:opacity-60"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}

interface PinFormFieldProps<Values extends FieldValues, Output> extends Omit<PinFieldProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'ref'> {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
}

/** A PinField bound to a react-hook-form field (useApiForm's `control`). */
export function PinFormField<Values extends FieldValues, Output>({ control, name, ...props }: PinFormFieldProps<Values, Output>) {
  const {
    field: { value, onChange, onBlur, ref },
  } = useController({ control, name });
  return <PinField {...props} name={name} value={value as string | undefined} onChange={onChange} onBlur={onBlur} ref={ref} />;
}
