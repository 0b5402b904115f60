import { CURRENCY, cardMessages, DEPOSIT_LIMITS, errorCodes, typedDollarsSchema, type Deposit } from '@poisha/contracts';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ShieldIcon } from '../../../components/ui/icons';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { EmailField, TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { outcomeUnknown, useIdempotencyKeys } from '../../../lib/idempotency';
import { PageHeader } from '../../../components/PageHeader';
import { useMe, WalletBalance } from '../../../session';
import { useCreateCardDeposit } from '../api/create-deposit';
import { createPaymentMethod } from '../api/create-payment-method';
import { cardDepositFormSchema, type CardDepositFormOutput } from '../card-deposit-form';
import { cardFieldOf, checkCard, onlyDigits, parseExpiry, type CardError, type CardField, type CardInput } from '../card-input';
import { CardFields } from '../components/CardFields';
import { SandboxCardsHint } from '../components/SandboxCardsHint';
import { useFormatMoney } from '../../../lib/use-format-money';

const noCard: CardInput = { number: '', expiry: '', cvc: '' };

/** The card error the provider or the deposit answered, if the failure was about the card. */
function cardErrorOf(error: unknown): CardError | null {
  if (!isApiError(error)) return null;
  if (error.code === errorCodes.cardDeclined) return { field: 'number', message: cardMessages.declined };
  if (error.code === errorCodes.cardInvalid) {
    const [field, message] = Object.entries(error.fields)[0] ?? ['number', error.message];
    return { field: cardFieldOf(field), message };
  }
  return null;
}

/**
 * Card deposit, the way a card provider's checkout works: the card goes only to the provider,
 * which answers a token; the deposit carries the token. Idle → processing → succeeded, and back to
 * idle with "Deposit More".
 */
export default function CardDepositPage() {
  const { t } = useTranslation('deposits');
  const money = useFormatMoney();
  const me = useMe();
  const cardDeposit = useCreateCardDeposit();
  const keys = useIdempotencyKeys();

  const [card, setCard] = useState<CardInput>(noCard);
  const [cardError, setCardError] = useState<CardError | null>(null);
  const [result, setResult] = useState<Deposit | null>(null);
  // The token of a card already sent to the provider, kept while its deposit's outcome is unknown so
  // a retry sends the same body with the same Idempotency-Key. Any change to the card drops it.
  const pendingPaymentMethod = useRef<string | null>(null);
  const cardRefs = { number: useRef<HTMLInputElement>(null), expiry: useRef<HTMLInputElement>(null), cvc: useRef<HTMLInputElement>(null) };
  const successHeading = useRef<HTMLHeadingElement>(null);

  const user = me.data;
  const { register, control, setError, resetField, setFocus, submit, busy, failure, setFailure, fieldError } = useApiForm({
    schema: cardDepositFormSchema,
    defaultValues: { amount: '', email: user?.email ?? '', phone: user?.phone ?? '' },
    onSubmit: (values) => deposit(values),
    onInvalid: () => {
      // The other fields are wrong too; show what is wrong with the card at the same time.
      if (!cardError) setCardError(checkCard(card, new Date()));
    },
  });
  const typedAmount = useWatch({ control, name: 'amount' });
  const amount = typedDollarsSchema.safeParse(typedAmount);

  // Focus follows the view: the success heading when it appears, the amount again after "Deposit More".
  const focusAmountNext = useRef(false);
  useEffect(() => {
    if (result) successHeading.current?.focus();
    else if (focusAmountNext.current) setFocus('amount');
    focusAmountNext.current = false;
  }, [result, setFocus]);

  const focusCard = (field: CardField) => cardRefs[field].current?.focus();

  const showCardError = (error: CardError) => {
    setCardError(error);
    focusCard(error.field);
  };

  const changeCard = (next: CardInput) => {
    setCard(next);
    setCardError(null);
    pendingPaymentMethod.current = null;
  };

  /** A deposit over a limit is refused under the amount, naming the limit it passed. */
  const showLimit = (amountCents: number) => {
    const { perDepositCents, perDayCents } = DEPOSIT_LIMITS.card;
    const message =
      amountCents > perDepositCents
        ? t('card.limitEach', { limit: money({ amount: perDepositCents, currency: CURRENCY }) })
        : t('card.limitDay', { limit: money({ amount: perDayCents, currency: CURRENCY }) });
    setError('amount', { type: 'limit', message }, { shouldFocus: true });
  };

  /** Returns once the deposit is made or a problem is shown; throws a refusal for the form to show. */
  const deposit = async (values: CardDepositFormOutput) => {
    if (values.amount > DEPOSIT_LIMITS.card.perDepositCents) return showLimit(values.amount);
    // While a card error shows, the card has to change first (as with the provider's own form).
    if (cardError) return focusCard(cardError.field);
    const problem = checkCard(card, new Date());
    const expiry = parseExpiry(card.expiry);
    if (problem || !expiry) return showCardError(problem ?? { field: 'expiry', message: cardMessages.expiryInvalid });

    try {
      pendingPaymentMethod.current ??= (await createPaymentMethod({ number: onlyDigits(card.number), ...expiry, cvc: card.cvc })).id;
      const body = { ...values, paymentMethod: pendingPaymentMethod.current };
      try {
        setResult(await keys.send(body, (idempotencyKey) => cardDeposit.mutateAsync({ body, idempotencyKey })));
        pendingPaymentMethod.current = null;
      } catch (error) {
        if (!outcomeUnknown(error)) pendingPaymentMethod.current = null;
        throw error;
      }
    } catch (error) {
      const fromCard = cardErrorOf(error);
      if (fromCard) return showCardError(fromCard);
      if (isApiError(error) && error.code === errorCodes.depositLimitExceeded) return showLimit(values.amount);
      throw error;
    }
  };

  const depositMore = () => {
    setResult(null);
    setCard(noCard);
    setCardError(null);
    setFailure(null);
    resetField('amount');
    focusAmountNext.current = true;
  };

  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('card.title') })}</title>
      <PageHeader title={t('card.title')} subtitle={t('card.subtitle')} />
      <div className="max-w-2xl space-y-6">
        <WalletBalance />
        {result ? (
          <section aria-labelledby="card-success-title" className="space-y-5 rounded-2xl border border-brand-200 bg-white p-5 shadow-xs sm:p-8">
            <div role="status" className="space-y-1">
              <h2 id="card-success-title" ref={successHeading} tabIndex={-1} className="text-xl font-bold text-brand-800 outline-none">
                {t('card.successTitle')}
              </h2>
              <p className="text-slate-700">{t('card.successText', { amount: money(result.amount) })}</p>
            </div>
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6">
              <dt className="font-medium text-slate-600">{t('card.transactionId')}</dt>
              <dd className="font-mono break-all text-slate-900" data-testid="deposit-id">
                {result.id}
              </dd>
              <dt className="font-medium text-slate-600">{t('card.amountAdded')}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{money(result.amount)}</dd>
              {result.balanceAfter && (
                <>
                  <dt className="font-medium text-slate-600">{t('card.newBalance')}</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{money(result.balanceAfter)}</dd>
                </>
              )}
            </dl>
            <Button onClick={depositMore}>{t('card.depositMore')}</Button>
          </section>
        ) : (
          <form method="post" noValidate onSubmit={submit} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-8">
            <TextField
              label={t('card.amount')}
              inputMode="decimal"
              autoComplete="off"
              hint={t('card.amountHint')}
              error={fieldError('amount')}
              {...register('amount')}
            />
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <EmailField label={t('card.email')} error={fieldError('email')} {...register('email')} />
              <PhoneFormField
                control={control}
                name="phone"
                label={t('card.phone')}
                error={fieldError('phone')}
              />
            </div>
            <SandboxCardsHint />
            <CardFields card={card} onChange={changeCard} error={cardError} readOnly={busy} refs={cardRefs} />
            <p className="flex items-start gap-2 text-xs text-slate-600">
              <ShieldIcon className="size-4 shrink-0" />
              {t('card.privacy')}
            </p>
            {cardError && <Alert tone="error">{t('card.failed')}</Alert>}
            {failure && <Alert tone="error">{failure}</Alert>}
            <Button type="submit" busy={busy} busyText={t('card.processing')} needsNetwork className="w-full">
              {amount.success ? t('card.submit', { amount: money({ amount: amount.data, currency: CURRENCY }) }) : t('card.submitNoAmount')}
            </Button>
          </form>
        )}
      </div>
    </>
  );
}
