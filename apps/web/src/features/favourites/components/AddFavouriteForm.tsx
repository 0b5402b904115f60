import { zodResolver } from '@hookform/resolvers/zod';
import { createFavouriteRequestSchema } from '@poisha/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { TextField } from '../../../components/ui/TextField';
import { Toast } from '../../../components/ui/Toast';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useAddFavourite } from '../api/add-favourite';

type FavouriteInput = z.input<typeof createFavouriteRequestSchema>;
type FavouriteOutput = z.output<typeof createFavouriteRequestSchema>;

const emptyForm: FavouriteInput = { name: '', phone: '', origin: '' };
const FIELDS = ['name', 'phone', 'origin'] as const;

/** "Add Your Favorites Contact": the account holder's name, the wallet's phone number and its origin. */
export function AddFavouriteForm() {
  const { t } = useTranslation('favourites');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const add = useAddFavourite();
  const [failure, setFailure] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FavouriteInput, unknown, FavouriteOutput>({ resolver: zodResolver(createFavouriteRequestSchema), defaultValues: emptyForm });

  const onSubmit = handleSubmit(async (favourite) => {
    setFailure(null);
    try {
      await add.mutateAsync(favourite);
      reset(emptyForm);
      setToast(t('form.added'));
    } catch (error) {
      if (!applyFieldErrors(error, setError, FIELDS)) setFailure(errorMessage(error));
    }
  });

  return (
    <>
      <form method="post" noValidate onSubmit={onSubmit} aria-label={t('form.label')} className="space-y-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField label={t('form.name')} autoComplete="off" error={tm(errors.name?.message)} {...register('name')} />
        <PhoneFormField control={control} name="phone" label={t('form.phone')} hint={t('form.phoneHint')} error={tm(errors.phone?.message)} />
        <TextField label={t('form.origin')} hint={t('form.originHint')} autoComplete="off" error={tm(errors.origin?.message)} {...register('origin')} />
        <Button type="submit" busy={isSubmitting} busyText={t('form.adding')} className="w-full sm:w-auto">
          {t('form.submit')}
        </Button>
      </form>
      <Toast message={toast} onDone={() => setToast(null)} />
    </>
  );
}
