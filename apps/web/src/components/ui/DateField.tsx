import { latinDigits } from '@poisha/contracts';
import { useId, useRef, useState } from 'react';
import { localDigits } from '../../lib/format';
import { FieldShell, fieldControlProps, inputClasses } from './Field';

/** "2026-11-05" as the reader writes a date: day/month/year, in the locale's digits (০৫/১১/২০২৬). */
export function dayMonthYear(iso: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? localDigits(`${match[3]}/${match[2]}/${match[1]}`, locale) : '';
}

/** What was typed (day/month/year, Bangla or Latin digits, / . or - between) as "yyyy-mm-dd", or null. */
export function parseDayMonthYear(typed: string): string | null {
  const match = /^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})\s*$/.exec(latinDigits(typed));
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

interface DateFieldProps {
  label: string;
  /** yyyy-mm-dd, as a date input's value. */
  value: string;
  onChange: (iso: string) => void;
  /** The reader's locale: the date is shown and typed day/month/year in its digits. */
  locale: string;
  calendarLabel: string;
  hint?: string | undefined;
  error?: string | undefined;
  max?: string | undefined;
}

/**
 * A date shown and typed the way the reader writes it (the browser's own date input follows the
 * browser's language, so a Bangla reader saw 11/01/2026, month first, in Western digits), with the
 * browser's calendar one tap away on the button beside it.
 */
export function DateField({ label, value, onChange, locale, calendarLabel, hint, error, max }: DateFieldProps) {
  const inputId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState<{ text: string; for: string } | null>(null);
  // What the person is typing, until the value changes from outside (the calendar, a reset).
  const text = typed && typed.for === value ? typed.text : dayMonthYear(value, locale);
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error}>
      <div className="flex gap-2">
        <input
          {...fieldControlProps(inputId, { hint, error })}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          className={inputClasses(Boolean(error), 'min-w-0 flex-1 tabular-nums')}
          onChange={(event) => {
            const next = event.target.value;
            const iso = parseDayMonthYear(next);
            setTyped({ text: next, for: iso ?? value });
            if (iso && iso !== value) onChange(iso);
          }}
          onBlur={() => setTyped(null)}
        />
        <button
          type="button"
          aria-label={calendarLabel}
          onClick={() => picker.current?.showPicker?.()}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5">
            <rect x="3.5" y="5" width="17" height="15" rx="2" />
            <path d="M3.5 9.5h17M8 3v4M16 3v4" />
          </svg>
        </button>
        <input ref={picker} type="date" tabIndex={-1} aria-hidden="true" value={value} max={max} onChange={(event) => event.target.value && onChange(event.target.value)} className="sr-only" />
      </div>
    </FieldShell>
  );
}
