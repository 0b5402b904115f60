import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, type Profile } from '@poisha/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { initials } from '../../../lib/format';
import { useErrorMessage } from '../../../lib/errors';
import { useRemovePhoto, useUploadPhoto } from '../api/profile';

/**
 * "Upload Profile Photo" and "Remove". The server checks the file's content; the size is checked
 * here too, so a person with a slow connection does not wait for a refusal.
 */
export function PhotoCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const errorMessage = useErrorMessage();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setStatus(null);
    if (file.size > PHOTO_MAX_BYTES) {
      setStatus({ tone: 'error', text: t('photo.tooBig') });
      return;
    }
    try {
      await upload.mutateAsync(file);
      setStatus({ tone: 'success', text: t('photo.uploaded') });
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error) });
    }
  };

  const onRemove = async () => {
    setStatus(null);
    try {
      await remove.mutateAsync();
      setStatus({ tone: 'success', text: t('photo.removed') });
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error) });
    }
  };

  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
      <div className="relative size-28 shrink-0">
        {profile.photoUrl ? (
          <img src={profile.photoUrl} alt={t('photo.alt', { name: profile.name })} width={112} height={112} className="size-28 rounded-full object-cover ring-4 ring-brand-50" />
        ) : (
          <span aria-hidden="true" className="flex size-28 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-800">
            {initials(profile.name)}
          </span>
        )}
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70">
            <Spinner />
          </span>
        )}
      </div>
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap gap-3">
          {/* The file input stays out of sight and out of the Tab order; the visible button opens it. */}
          <input ref={input} type="file" accept={PHOTO_ACCEPT} hidden tabIndex={-1} onChange={(event) => void onFile(event.target.files?.[0])} />
          <Button aria-describedby="profile-photo-hint" busy={upload.isPending} disabled={busy} onClick={() => input.current?.click()}>
            {t('photo.upload')}
          </Button>
          {profile.photoUrl && (
            <Button variant="secondary" onClick={() => void onRemove()} disabled={busy}>
              {t('photo.remove')}
            </Button>
          )}
        </div>
        <p id="profile-photo-hint" className="text-sm text-slate-600">
          {t('photo.hint')}
        </p>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
      </div>
    </div>
  );
}
