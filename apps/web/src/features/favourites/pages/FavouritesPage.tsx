import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
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
        <section aria-labelledby="add-favourite" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
          <h2 id="add-favourite" className="mb-4 text-lg font-semibold text-slate-900">
            {t('form.title')}
          </h2>
          <AddFavouriteForm />
        </section>
        <section aria-labelledby="favourites-list" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
          <h2 id="favourites-list" className="text-lg font-semibold text-slate-900">
            {t('list.title')}
          </h2>
          <FavouritesList />
        </section>
      </div>
    </>
  );
}
