import { errorCodes, favouriteMessages, maskedName, pageCount, type Favourite, type FavouritesPage } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import { photoUrlOf } from '../../core/users/user-view.js';
import { findWalletOwnerByPhone } from '../../core/users/wallet-owners.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { AppError, BusinessRuleError, notFound } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { countFavourites, deleteFavourite, insertFavourite, listFavourites, type FavouriteRow } from './favourites.repository.js';

const toView = (row: FavouriteRow): Favourite => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  origin: row.origin,
  // Masked like a recipient lookup: adding a favourite must not tell the name behind any number.
  registeredName: maskedName(row.registered_name),
  photoUrl: photoUrlOf(row.photo_path),
  createdAt: row.created_at,
});

const alreadySaved = () =>
  new AppError(errorCodes.favouriteExists, favouriteMessages.alreadySaved, { phone: favouriteMessages.alreadySaved });

/** "Add Your Favorites Contact": the signed-in user's own list of wallets they pay often. */
export function createFavouritesService({ db }: { db: Kysely<Database> }) {
  return {
    async page(userId: string, page: number, pageSize: number): Promise<FavouritesPage> {
      const [total, rows] = await Promise.all([countFavourites(db, userId), listFavourites(db, userId, { limit: pageSize, offset: page * pageSize })]);
      return { items: rows.map(toView), total, page, pageSize, pageCount: pageCount(total, pageSize) };
    },

    /** Saves a wallet as a favourite: it must exist, not be the user's own, and not be saved already. */
    async add(userId: string, input: { name: string; phone: string; origin: string }, nowMs: number): Promise<Favourite> {
      const contact = await findWalletOwnerByPhone(db, input.phone);
      if (!contact) throw new BusinessRuleError(errorCodes.unknownRecipient, favouriteMessages.noWallet, { phone: favouriteMessages.noWallet });
      if (contact.userId === userId) throw new BusinessRuleError(errorCodes.selfFavourite, favouriteMessages.ownNumber, { phone: favouriteMessages.ownNumber });

      const row = { id: crypto.randomUUID(), user_id: userId, contact_user_id: contact.userId, name: input.name, phone: contact.phone, origin: input.origin, created_at: isoAt(nowMs) };
      try {
        await insertFavourite(db, row);
      } catch (error) {
        // The unique (user, phone) constraint decides, so two quick submits cannot both save.
        if (!uniqueViolationColumn(error)) throw error;
        throw alreadySaved();
      }
      return toView({ ...row, registered_name: contact.name, photo_path: contact.photoPath });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteFavourite(db, userId, id))) throw notFound('Favourite');
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
