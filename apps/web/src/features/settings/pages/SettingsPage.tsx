import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/ui/QueryState';
import { useProfile } from '../api/profile';
import { Card } from '../components/Card';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { CloseAccountCard } from '../components/CloseAccountCard';
import { PasskeysCard } from '../components/PasskeysCard';
import { PaymentPinCard } from '../components/PaymentPinCard';
import { PhoneCard } from '../components/PhoneCard';
import { PhotoCard } from '../components/PhotoCard';
import { ProfileForm, type ProfileResult } from '../components/ProfileForm';
import { SecurityActivity } from '../components/SecurityActivity';
import { SignedInDevices } from '../components/SignedInDevices';
import { TwoStepCard } from '../components/TwoStepCard';

/**
 * /dashboard/Setting: photo, name and e-mail, phone number, password, payment PIN, two-step
 * sign-in, passkeys, signed-in devices, security activity, closing the account. A link to one card (#settings-pin) scrolls to it once the cards are there.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const profile = useProfile();
  const [profileResult, setProfileResult] = useState<ProfileResult>(null);
  const { hash } = useLocation();
  const loaded = profile.data !== undefined;
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <>
      <title>{t('pageTitle')}</title>
      <PageHeader title={t('title')} subtitle={t('lead')} />
      <QueryState query={profile} loadingLabel={t('loading')} />
      {profile.data && (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <div className="min-w-0 space-y-6">
            <Card id="settings-photo" title={t('photo.title')}>
              <PhotoCard profile={profile.data} />
            </Card>
            <Card id="settings-profile" title={t('profile.title')} lead={t('profile.lead')}>
              <ProfileForm key={`${profile.data.name}|${profile.data.email}`} profile={profile.data} result={profileResult} onResult={setProfileResult} />
            </Card>
            <Card id="settings-phone" title={t('phone.title')} lead={t('phone.lead')}>
              <PhoneCard />
            </Card>
            <Card id="settings-devices" title={t('devices.title')} lead={t('devices.lead')}><SignedInDevices /></Card>
            <Card id="settings-security" title={t('security.title')} lead={t('security.lead')}>
              <SecurityActivity />
            </Card>
          </div>
          <div className="min-w-0 space-y-6">
            <Card id="settings-password" title={t('password.title')} lead={t('password.lead')}>
              <ChangePasswordForm />
            </Card>
            <Card id="settings-pin" title={t('pin.title')} lead={t('pin.lead')}>
              <PaymentPinCard />
            </Card>
            <Card id="settings-two-step" title={t('twoStep.title')} lead={t('twoStep.lead')}>
              <TwoStepCard />
            </Card>
            <Card id="settings-passkeys" title={t('passkeys.title')} lead={t('passkeys.lead')}>
              <PasskeysCard />
            </Card>
            <Card id="settings-close" title={t('close.title')}>
              <CloseAccountCard profile={profile.data} />
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
