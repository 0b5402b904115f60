import { errorCodes, linkBankAccountRequestSchema, type LinkedBankAccount } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { BankSelectField } from '../../../components/BankSelectField';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { useBanks } from '../../../lib/banks';
import { useLinkBankAccount } from '../api/link-bank-account';

/** Bank and account number; on success the parent closes the form and announces the new account. */
export function LinkBankAccountForm({ onLinked, onCancel }: { onLinked: (account: LinkedBankAccount) => void; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const banks = useBanks();
  const link = useLinkBankAccount();
  const { register, setError, submit, busy, failure, fieldError } = useApiForm({
    schema: linkBankAccountRequestSchema,
    defaultValues: { bankId: '', accountNumber: '' },
    onSubmit: async (body) => onLinked(await link.mutateAsync(body)),
    onError: (error) => {
      if (!isApiError(error) || error.code !== errorCodes.bankAccountTaken) return undefined;
      setError('accountNumber', { type: 'server', message: error.message }, { shouldFocus: true });
      return true;
    },
  });

  const bankError = fieldError('bankId') ?? (banks.isError ? t('linkForm.banksError') : undefined);

  return (
    <form method="post" noValidate onSubmit={submit} className="mt-2 space-y-5">
      <p className="text-sm text-slate-600">{t('linkForm.intro')}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <BankSelectField
        label={t('linkForm.bank')}
        error={bankError}
        banks={banks.data}
        placeholder={banks.isPending ? t('linkForm.loadingBanks') : t('linkForm.chooseBank')}
        {...register('bankId')}
      />
      <TextField
        label={t('linkForm.accountNumber')}
        hint={t('linkForm.accountNumberHint')}
        inputMode="numeric"
        autoComplete="off"
        error={fieldError('accountNumber')}
        {...register('accountNumber')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('linkForm.cancel')}
        </Button>
        <Button type="submit" busy={busy} busyText={t('linkForm.submitting')}>
          {t('linkForm.submit')}
        </Button>
      </div>
    </form>
  );
}
