import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useMe } from '../../../session';
import { ContactDetails } from '../components/ContactDetails';
import { ContactForm } from '../components/ContactForm';

/** /dashboard/ContactUS: the same form as the public page, with the user's name and e-mail filled in. */
export default function DashboardContactPage() {
  const { t } = useTranslation('contact');
  const me = useMe();
  // The guard renders this page only with a session, whose user is useMe's starting value: a name and an address are there at once.
  const name = me.data?.name ?? '';
  const email = me.data?.email ?? '';
  return (
    <>
      <title>{t('dashboardPageTitle')}</title>
      <PageHeader title={t('dashboardTitle')} subtitle={t('dashboardLead')} />
      <div className="grid items-start gap-6 xl:grid-cols-[1.4fr_1fr]">
        <ContactForm defaults={{ name, email }} />
        <ContactDetails />
      </div>
    </>
  );
}
