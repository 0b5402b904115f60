import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { useFavourites } from '../api/get-favourites';
import { quickPayLink } from './FavouritesList';

/**
 * The favourites as one-tap picks above the Send Money form. Each is a link to Send Money for that
 * number, so the form fills itself the same way Quick Pay fills it.
 */
export function FavouriteQuickPicks() {
  const { t } = useTranslation('favourites');
  const favourites = useFavourites();
  const items = favourites.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('picks.label')} className="mb-5">
      <p className="mb-2 text-sm font-medium text-slate-700">{t('picks.label')}</p>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {items.map((favourite) => (
          <li key={favourite.id} data-testid="favourite-pick" className="shrink-0">
            <Link
              to={quickPayLink(favourite.phone)}
              replace
              className="flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white py-1 pr-4 pl-1 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-800"
            >
              <Avatar name={favourite.registeredName} photoUrl={favourite.photoUrl} className="size-9" />
              {favourite.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
