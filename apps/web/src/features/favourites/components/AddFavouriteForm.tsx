import { createFavouriteRequestSchema } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { TextField } from '../../../components/ui/TextField';
import { Toast } from '../../../components/ui/Toast';
import { useApiForm } from '../../../lib/api-form';
import { useAddFavourite } from '../api/add-favourite';

const emptyForm: z.input<typeof createFavouriteRequestSchema> = { name: '', phone: '', origin: '' };

/** "Add Your Favorites Contact": the account holder's name, the wallet's phone number and its origin. */
export function AddFavouriteForm() {
  const { t } = useTranslation('favourites');
  const add = useAddFavourite();
  const [toast, setToast] = useState<string | null>(null);
  const { register, control, reset, submit, busy, failure, fieldError } = useApiForm({
    schema: createFavouriteRequestSchema,
    defaultValues: emptyForm,
    onSubmit: async (favourite) => {
      await add.mutateAsync(favourite);
      reset(emptyForm);
      setToast(t('form.added'));
    },
  });

  return (
    <>
      <form method="post" noValidate onSubmit={submit} aria-label={t('form.label')} className="space-y-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField label={t('form.name')} autoComplete="off" error={fieldError('name')} {...register('name')} />
        <PhoneFormField control={control} name="phone" label={t('form.phone')} hint={t('form.phoneHint')} error={fieldError('phone')} />
        <TextField label={t('form.origin')} hint={t('form.originHint')} autoComplete="off" error={fieldError('origin')} {...register('origin')} />
        <Button type="submit" busy={busy} busyText={t('form.adding')} className="w-full sm:w-auto">
          {t('form.submit')}
        </Button>
      </form>
      <Toast message={toast} onDone={() => setToast(null)} />
    </>
  );
}
