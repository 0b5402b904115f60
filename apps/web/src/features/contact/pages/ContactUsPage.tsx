import { useTranslation } from 'react-i18next';
import { useMe } from '../../../session';
import { ContactDetails } from '../components/ContactDetails';
import { ContactForm } from '../components/ContactForm';

/** /contactUs: the public contact page. A signed-in visitor finds their name and e-mail filled in. */
export default function ContactUsPage() {
  const { t } = useTranslation('contact');
  const { data: user } = useMe();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{t('pageTitle')}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">{t('lead')}</p>
      <div className="mt-10 grid items-start gap-6 lg:grid-cols-[1.4fr_1fr]">
        {/* Keyed by the user, so the fields fill in once the session is known. */}
        <ContactForm key={user?.id ?? 'visitor'} defaults={user ? { name: user.name, email: user.email } : undefined} />
        <ContactDetails />
      </div>
    </div>
  );
}
