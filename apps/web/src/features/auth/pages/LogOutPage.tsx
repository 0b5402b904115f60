import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../../components/ui/Spinner';
import { useSignOut } from '../api/logout';

/** /dashboard/LogOut: a bookmarkable way to sign out. */
export default function LogOutPage() {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  const started = useRef(false);
  const { mutate } = signOut;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <>
      <h1 className="sr-only">{t('signingOut')}</h1>
      <LoadingScreen label={t('signingOut')} />
    </>
  );
}
