import { z } from 'zod';
import { phoneSchema } from './phone.js';
import { shownText } from './text.js';
import { pageQuerySchema, pageSchema } from './statement.js';

export const favouriteMessages = {
  nameRequired: 'Account holder name is required',
  nameTooLong: 'Account holder name must be at most 100 characters',
  originRequired: 'Origin is required',
  originTooLong: 'Origin must be at most 60 characters',
  alreadySaved: 'This number is already in your favourites',
  ownNumber: 'You cannot add your own number',
  noWallet: 'No Poisha wallet has this number',
} as const;


/** "Add Your Favorites Contact": the spec's AccountHolder, AccountNumber (a wallet phone) and origin. */
export const createFavouriteRequestSchema = z.object({
  name: shownText({ required: favouriteMessages.nameRequired, tooLong: favouriteMessages.nameTooLong, max: 100, needsLetter: true }),
  phone: phoneSchema,
  origin: shownText({ required: favouriteMessages.originRequired, tooLong: favouriteMessages.originTooLong, max: 60 }),
});
export type CreateFavouriteRequest = z.input<typeof createFavouriteRequestSchema>;

export const favouriteSchema = z.object({
  id: z.string(),
  /** The account holder's name as the user typed it. */
  name: z.string(),
  phone: z.string(),
  origin: z.string(),
  /** The wallet owner's name as registered, and their photo if they have one. */
  registeredName: z.string(),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Favourite = z.infer<typeof favouriteSchema>;

export const favouritesQuerySchema = pageQuerySchema;
export const favouritesPageSchema = pageSchema(favouriteSchema);
export type FavouritesPage = z.infer<typeof favouritesPageSchema>;

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
