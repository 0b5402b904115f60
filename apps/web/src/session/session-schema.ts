/** Loaded on demand by get-session.ts (see there): the schema of a signed-in session answer. */
export { sessionResponseSchema } from '@poisha/contracts';
