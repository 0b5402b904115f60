/** Loaded on demand by session.ts and me.ts (see there): the schemas of the signed-in user's answers. */
export { sessionResponseSchema, userSchema } from '@poisha/contracts';
