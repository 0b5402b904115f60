import { BANK_DEPOSIT_MAX_CENTS, BANK_DEPOSIT_MIN_CENTS, bankDepositFormSchema, CURRENCY, DEPOSIT_LIMITS, errorCodes, type Deposit } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BankSelectField } from '../../../components/BankSelectField';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { PageHeader } from '../../../components/PageHeader';
import { useMe, WalletBalance } from '../../../session';
import { useCreateBankDeposit } from '../api/create-deposit';
import { useBankAccounts } from '../../../lib/bank-accounts';
import { useBanks } from '../../../lib/banks';
import { Link } from 'react-router';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useLocalDigits } from '../../../lib/use-local-digits';

const emptyForm = (accountHolder: string): z.input<typeof bankDepositFormSchema> => ({
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
  const money = useFormatMoney();
  const me = useMe();
  const banks = useBanks();
  const linked = useBankAccounts();
  const deposit = useCreateBankDeposit();
  const keys = useIdempotencyKeys();
  const [done, setDone] = useState<Deposit | null>(null);

  // The guard renders this page only with a session, whose user is useMe's starting value: the name is there at once.
  const holderName = me.data?.name ?? '';
  const { register, reset, setValue, setError, submit, busy, failure, fieldError } = useApiForm({
    schema: bankDepositFormSchema,
    defaultValues: emptyForm(holderName),
    onSubmit: async (body) => {
      setDone(null);
      setDone(await keys.send(body, (idempotencyKey) => deposit.mutateAsync({ body, idempotencyKey })));
      reset(emptyForm(holderName));
    },
    onError: (error) => {
      if (!isApiError(error) || error.code !== errorCodes.depositLimitExceeded) return undefined;
      // Over the 24-hour limit (one deposit's is the form's own maximum): named under the amount.
      const limit = money({ amount: DEPOSIT_LIMITS.bank.perDayCents, currency: CURRENCY });
      setError('amount', { type: 'limit', message: t('bank.limitDay', { limit }) }, { shouldFocus: true });
      return true;
    },
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
        <form method="post" noValidate onSubmit={submit} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-8">
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
            <TextField label={t('bank.accountHolder')} autoComplete="name" error={fieldError('accountHolder')} {...register('accountHolder')} />
            <TextField
              label={t('bank.accountHolderNumber')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('bank.accountHolderNumberHint')}
              error={fieldError('accountHolderNumber')}
              {...register('accountHolderNumber')}
            />
            <BankSelectField
              label={t('bank.bank')}
              error={fieldError('bankId') ?? (banks.isError ? t('bank.banksError') : undefined)}
              banks={banks.data}
              placeholder={banks.isPending ? t('bank.banksLoading') : t('bank.chooseBank')}
              {...register('bankId')}
            />
            <TextField
              label={t('bank.bankAccountNumber')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('bank.bankAccountNumberHint')}
              error={fieldError('bankAccountNumber')}
              {...register('bankAccountNumber')}
            />
            <TextField
              label={t('bank.amount')}
              inputMode="decimal"
              autoComplete="off"
              hint={t('bank.amountHint', limits)}
              error={fieldError('amount')}
              {...register('amount')}
            />
            <TextField
              label={t('bank.reference')}
              autoComplete="off"
              hint={t('bank.referenceHint')}
              error={fieldError('reference')}
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
          <Button type="submit" busy={busy} busyText={t('bank.submitting')} needsNetwork className="w-full sm:w-auto">
            {t('bank.submit')}
          </Button>
        </form>
      </div>
    </>
  );
}
