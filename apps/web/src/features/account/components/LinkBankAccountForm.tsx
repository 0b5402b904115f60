import { zodResolver } from '@hookform/resolvers/zod';
import { errorCodes, linkBankAccountRequestSchema, type LinkedBankAccount } from '@poisha/contracts';
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
import { useBanks } from '../../../lib/banks';
import { useLinkBankAccount } from '../api/link-bank-account';

type LinkInput = z.input<typeof linkBankAccountRequestSchema>;
type LinkOutput = z.output<typeof linkBankAccountRequestSchema>;

const fields = ['bankId', 'accountNumber'] as const;

/** Bank and account number; on success the parent closes the form and announces the new account. */
export function LinkBankAccountForm({ onLinked, onCancel }: { onLinked: (account: LinkedBankAccount) => void; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const banks = useBanks();
  const link = useLinkBankAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkInput, unknown, LinkOutput>({
    resolver: zodResolver(linkBankAccountRequestSchema),
    defaultValues: { bankId: '', accountNumber: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      onLinked(await link.mutateAsync(body));
    } catch (error) {
      if (isApiError(error) && error.code === errorCodes.bankAccountTaken) {
        setError('accountNumber', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (!applyFieldErrors(error, setError, fields)) {
        setFailure(errorMessage(error));
      }
    }
  });

  const bankError = tm(errors.bankId?.message) ?? (banks.isError ? t('linkForm.banksError') : undefined);

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-2 space-y-5">
      <p className="text-sm text-slate-600">{t('linkForm.intro')}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <SelectField label={t('linkForm.bank')} error={bankError} disabled={!banks.data} {...register('bankId')}>
        <option value="">{banks.isPending ? t('linkForm.loadingBanks') : t('linkForm.chooseBank')}</option>
        {banks.data?.map((bank) => (
          <option key={bank.id} value={bank.id}>
            {bank.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('linkForm.accountNumber')}
        hint={t('linkForm.accountNumberHint')}
        inputMode="numeric"
        autoComplete="off"
        error={tm(errors.accountNumber?.message)}
        {...register('accountNumber')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('linkForm.cancel')}
        </Button>
        <Button type="submit" busy={isSubmitting} busyText={t('linkForm.submitting')}>
          {t('linkForm.submit')}
        </Button>
      </div>
    </form>
  );
}
