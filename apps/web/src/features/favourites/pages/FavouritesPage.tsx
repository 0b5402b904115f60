import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { Panel } from '../../../components/ui/Panel';
import { AddFavouriteForm } from '../components/AddFavouriteForm';
import { FavouritesList } from '../components/FavouritesList';

/** /dashboard/addAccount and the bookmarked /addAccount: "Add Your Favorites Contact". */
export default function FavouritesPage() {
  const { t } = useTranslation('favourites');
  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('title') })}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Panel title={t('form.title')}>
          <AddFavouriteForm />
        </Panel>
        <Panel title={t('list.title')}>
          <FavouritesList />
        </Panel>
      </div>
    </>
  );
}
