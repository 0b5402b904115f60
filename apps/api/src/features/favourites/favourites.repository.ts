import type { Kysely } from 'kysely';
import type { Database, FavouritesTable } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';

/** The user's favourites, newest first, each with the contact's name and photo as registered. */
export function listFavourites(db: Kysely<Database>, userId: string, window: { limit: number; offset: number }) {
  return db
    .selectFrom('favourites as f')
    .innerJoin('users as contact', 'contact.id', 'f.contact_user_id')
    .select(['f.id', 'f.name', 'f.phone', 'f.origin', 'f.created_at', 'contact.name as registered_name', 'contact.photo_path'])
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
export type FavouriteRow = Awaited<ReturnType<typeof listFavourites>>[number];

export async function countFavourites(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('favourites')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return safeInteger(row.total, 'favourites count');
}

export async function insertFavourite(db: Kysely<Database>, row: FavouritesTable): Promise<void> {
  await db.insertInto('favourites').values(row).execute();
}

/** Deletes one of the user's own favourites; answers whether there was one to delete. */
export async function deleteFavourite(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('favourites').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return safeInteger(result.numDeletedRows, 'deleted favourites') > 0;
}
