import { useId, type ChangeEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '../../../components/ui/Field';
import { AlertIcon, CardIcon } from '../../../components/ui/icons';
import { useTranslateMessage } from '../../../lib/errors';
import { CARD_NUMBER_MAX_DIGITS, formatCardNumber, formatExpiry, onlyDigits, reformat, type CardError, type CardField, type CardInput } from '../card-input';

interface CardFieldsProps {
  card: CardInput;
  onChange: (card: CardInput) => void;
  error: CardError | null;
  /** While the deposit runs the card cannot change, but its fields stay focusable for error messages. */
  readOnly?: boolean;
  refs: Record<CardField, RefObject<HTMLInputElement | null>>;
}

/**
 * The card number, expiry and CVC, like a card provider's card element: formatted as typed, with
 * one error line under the group. The inputs have no name, so the card never becomes part of a
 * submitted form or a URL; its details live only in the state of the form that holds them.
 */
export function CardFields({ card, onChange, error, readOnly = false, refs }: CardFieldsProps) {
  const { t } = useTranslation('deposits');
  const tm = useTranslateMessage();
  const id = useId();
  const errorId = `${id}-error`;
  const ids: Record<CardField, string> = { number: `${id}-number`, expiry: `${id}-expiry`, cvc: `${id}-cvc` };

  const formatted = (field: 'number' | 'expiry', format: (raw: string) => string) => (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const deleting = (event.nativeEvent as InputEvent).inputType === 'deleteContentBackward';
    const next = reformat(input.value, input.selectionStart ?? input.value.length, card[field], deleting, format);
    // Writing the value before React does keeps the caret where it belongs; React then finds the
    // input already showing the new state and leaves it alone.
    input.value = next.value;
    if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    onChange({ ...card, [field]: next.value });
  };

  const fieldProps = (field: CardField) => ({
    id: ids[field],
    ref: refs[field],
    readOnly,
    'aria-invalid': error?.field === field ? true : undefined,
    'aria-describedby': error?.field === field ? errorId : undefined,
    className: inputClasses(error?.field === field, field === 'number' ? 'pl-11 tabular-nums' : 'tabular-nums'),
  });

  const label = 'block text-sm font-medium text-slate-800';
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1.5 text-sm font-semibold text-slate-900">{t('card.cardDetails')}</legend>
      <div className="space-y-1.5">
        <label htmlFor={ids.number} className={label}>
          {t('card.number')}
        </label>
        <div className="relative">
          <CardIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-500" />
          <input
            {...fieldProps('number')}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={CARD_NUMBER_MAX_DIGITS + Math.floor(CARD_NUMBER_MAX_DIGITS / 4)}
            value={card.number}
            onChange={formatted('number', formatCardNumber)}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <label htmlFor={ids.expiry} className={label}>
            {t('card.expiry')}
          </label>
          <input
            {...fieldProps('expiry')}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('card.expiryPlaceholder')}
            maxLength={5}
            value={card.expiry}
            onChange={formatted('expiry', formatExpiry)}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={ids.cvc} className={label}>
            {t('card.cvc')}
          </label>
          <input
            {...fieldProps('cvc')}
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(event) => onChange({ ...card, cvc: onlyDigits(event.target.value).slice(0, 4) })}
          />
        </div>
      </div>
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <AlertIcon className="mt-px size-4 shrink-0" />
          <span>{tm(error.message)}</span>
        </p>
      )}
    </fieldset>
  );
}
