import type { Favourite } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Avatar } from '../../../components/ui/Avatar';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { PagedList } from '../../../components/ui/PagedList';
import { useErrorMessage } from '../../../lib/errors';
import { useDeleteFavourite } from '../api/delete-favourite';
import { useFavourites } from '../api/get-favourites';
import { useFormatPhone } from '../../../lib/use-format-phone';

/** Where Quick Pay and Money Request take the user: the screens that do them, filled in for this contact. */
export const quickPayLink = (phone: string) => `/dashboard/sendMoney?${new URLSearchParams({ to: phone }).toString()}`;
const moneyRequestLink = (phone: string) => `/dashboard/RequestMoney?${new URLSearchParams({ from: phone }).toString()}`;

function FavouriteRow({ favourite, onDelete }: { favourite: Favourite; onDelete: (favourite: Favourite) => void }) {
  const { t } = useTranslation('favourites');
  const phone = useFormatPhone()(favourite.phone);
  return (
    <li data-testid="favourite" className="flex flex-col gap-3 py-4">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={favourite.registeredName} photoUrl={favourite.photoUrl} />
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{favourite.name}</p>
          <p className="text-sm break-words text-slate-600">
            {t('list.registeredAs', { name: favourite.registeredName })} · <span className="tabular-nums">{phone}</span>
          </p>
          <p className="text-sm text-slate-600">{t('list.origin', { origin: favourite.origin })}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:pl-14">
        <Link to={quickPayLink(favourite.phone)} className={buttonClasses('primary', 'px-4')} aria-label={t('list.quickPayFor', { name: favourite.name })}>
          {t('list.quickPay')}
        </Link>
        <Link to={moneyRequestLink(favourite.phone)} className={buttonClasses('secondary', 'px-4')} aria-label={t('list.requestFrom', { name: favourite.name })}>
          {t('list.moneyRequest')}
        </Link>
        <Button variant="ghost" className="px-4 text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => onDelete(favourite)} aria-label={t('list.deleteNamed', { name: favourite.name })}>
          {t('list.delete')}
        </Button>
      </div>
    </li>
  );
}

/** The user's favourites, newest first; Delete asks "Are you sure?" and removes the row clicked. */
export function FavouritesList() {
  const { t } = useTranslation('favourites');
  const errorMessage = useErrorMessage();
  const favourites = useFavourites();
  const remove = useDeleteFavourite();
  const [deleting, setDeleting] = useState<Favourite | null>(null);

  return (
    <>
      <PagedList
        query={favourites}
        loadingLabel={t('list.loading')}
        emptyText={t('list.empty')}
        showMoreLabel={t('list.showMore')}
        renderRow={(favourite) => <FavouriteRow favourite={favourite} onDelete={setDeleting} />}
      />
      {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}

      <Dialog open={deleting !== null} onClose={() => !remove.isPending && setDeleting(null)} title={t('delete.title')} role="alertdialog">
        {deleting && (
          <>
            <p className="mt-2 text-slate-700">{t('delete.question', { name: deleting.name })}</p>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" data-autofocus onClick={() => setDeleting(null)} disabled={remove.isPending}>
                {t('delete.keep')}
              </Button>
              <Button
                variant="danger"
                busy={remove.isPending}
                onClick={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
              >
                {t('delete.confirm')}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
