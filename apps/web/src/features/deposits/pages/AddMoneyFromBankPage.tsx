import { zodResolver } from '@hookform/resolvers/zod';
import { BANK_DEPOSIT_MAX_CENTS, BANK_DEPOSIT_MIN_CENTS, bankDepositFormSchema, CURRENCY, DEPOSIT_LIMITS, errorCodes, type Deposit } from '@poisha/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { PageHeader } from '../../../components/PageHeader';
import { useMe, WalletBalance } from '../../../session';
import { useCreateBankDeposit } from '../api/create-bank-deposit';
import { useBankAccounts } from '../../../lib/bank-accounts';
import { useBanks } from '../../../lib/banks';
import { Link } from 'react-router';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useLocalDigits } from '../../../lib/use-local-digits';

type BankFormInput = z.input<typeof bankDepositFormSchema>;
type BankFormOutput = z.output<typeof bankDepositFormSchema>;

const fields = ['accountHolder', 'accountHolderNumber', 'bankId', 'bankAccountNumber', 'amount', 'reference'] as const;

const emptyForm = (accountHolder: string): BankFormInput => ({
  accountHolder,
  accountHolderNumber: '',
  bankId: '',
  bankAccountNumber: '',
  amount: '',
  reference: '',
});

/** Add money from bank: the spec's form, sent as one atomic deposit. */
export default function AddMoneyFromBankPage() {
  const { t } = useTranslation('deposits');
  const digits = useLocalDigits();
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const money = useFormatMoney();
  const me = useMe();
  const banks = useBanks();
  const linked = useBankAccounts();
  const deposit = useCreateBankDeposit();
  const keys = useIdempotencyKeys();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<Deposit | null>(null);

  // The guard renders this page only with a session, whose user is useMe's starting value: the name is there at once.
  const holderName = me.data?.name ?? '';
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BankFormInput, unknown, BankFormOutput>({
    resolver: zodResolver(bankDepositFormSchema),
    defaultValues: emptyForm(holderName),
  });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    setDone(null);
    const idempotencyKey = keys.keyFor(body);
    try {
      const result = await deposit.mutateAsync({ body, idempotencyKey });
      keys.settle();
      setDone(result);
      reset(emptyForm(holderName));
    } catch (error) {
      keys.settle(error);
      // Over the 24-hour limit (one deposit's is the form's own maximum): named under the amount.
      if (isApiError(error) && error.code === errorCodes.depositLimitExceeded) {
        const limit = money({ amount: DEPOSIT_LIMITS.bank.perDayCents, currency: CURRENCY });
        setError('amount', { type: 'limit', message: t('bank.limitDay', { limit }) }, { shouldFocus: true });
        return;
      }
      if (!applyFieldErrors(error, setError, fields)) setFailure(errorMessage(error));
    }
  });

  const limits = {
    min: money({ amount: BANK_DEPOSIT_MIN_CENTS, currency: CURRENCY }),
    max: money({ amount: BANK_DEPOSIT_MAX_CENTS, currency: CURRENCY }),
  };
  const newBalance = done?.balanceAfter ?? me.data?.balance;

  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('bank.title') })}</title>
      <PageHeader title={t('bank.title')} subtitle={t('bank.subtitle')} />
      <div className="max-w-3xl space-y-6">
        <WalletBalance />
        <form method="post" noValidate onSubmit={onSubmit} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-8">
          {linked.data && linked.data.length > 0 ? (
            <SelectField
              label={t('bank.linkedAccount')}
              hint={t('bank.linkedAccountHint')}
              defaultValue=""
              onChange={(event) => {
                const account = linked.data.find((candidate) => candidate.id === event.target.value);
                if (!account) return;
                setValue('bankId', account.bank.id, { shouldValidate: true });
                setValue('bankAccountNumber', account.accountNumber, { shouldValidate: true });
              }}
            >
              <option value="">{t('bank.chooseLinked')}</option>
              {linked.data.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.bank.name} · {digits(account.maskedNumber)}
                </option>
              ))}
            </SelectField>
          ) : (
            linked.data && (
              <p className="text-sm text-slate-700">
                {t('bank.noLinked')}{' '}
                <Link to="/dashboard/myAccount" className="font-semibold text-brand-800 underline underline-offset-4">
                  {t('bank.linkOne')}
                </Link>
              </p>
            )
          )}
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField label={t('bank.accountHolder')} autoComplete="name" error={tm(errors.accountHolder?.message)} {...register('accountHolder')} />
            <TextField
              label={t('bank.accountHolderNumber')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('bank.accountHolderNumberHint')}
              error={tm(errors.accountHolderNumber?.message)}
              {...register('accountHolderNumber')}
            />
            <SelectField
              label={t('bank.bank')}
              error={tm(errors.bankId?.message) ?? (banks.isError ? t('bank.banksError') : undefined)}
              disabled={!banks.data}
              {...register('bankId')}
            >
              <option value="">{banks.isPending ? t('bank.banksLoading') : t('bank.chooseBank')}</option>
              {banks.data?.map((bank) => (
                <option key={bank.id} value={bank.id}>
                  {bank.name}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('bank.bankAccountNumber')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('bank.bankAccountNumberHint')}
              error={tm(errors.bankAccountNumber?.message)}
              {...register('bankAccountNumber')}
            />
            <TextField
              label={t('bank.amount')}
              inputMode="decimal"
              autoComplete="off"
              hint={t('bank.amountHint', limits)}
              error={tm(errors.amount?.message)}
              {...register('amount')}
            />
            <TextField
              label={t('bank.reference')}
              autoComplete="off"
              hint={t('bank.referenceHint')}
              error={tm(errors.reference?.message)}
              {...register('reference')}
            />
          </div>
          {banks.isError && (
            <Button variant="secondary" onClick={() => void banks.refetch()}>
              {t('bank.reloadBanks')}
            </Button>
          )}
          {failure && <Alert tone="error">{failure}</Alert>}
          {done && (
            <Alert tone="success" title={t('bank.success', { amount: money(done.amount) })}>
              {newBalance && t('bank.successBalance', { balance: money(newBalance) })}
            </Alert>
          )}
          <Button type="submit" busy={isSubmitting} busyText={t('bank.submitting')} needsNetwork className="w-full sm:w-auto">
            {t('bank.submit')}
          </Button>
        </form>
      </div>
    </>
  );
}
