import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ui/ComingSoon';
import { PageHeader } from '../../components/PageHeader';
import type { UpcomingScreen } from './screens';

/** A dashboard screen that is not built yet: its name and what it will do. */
export default function UpcomingScreenPage({ screen }: { screen: UpcomingScreen }) {
  const { t } = useTranslation('dashboard');
  const title = t(`screens.${screen}.title`);
  return (
    <>
      <title>{t('pageTitle', { title })}</title>
      <PageHeader title={title} />
      <ComingSoon description={t(`screens.${screen}.description`)} />
    </>
  );
}
