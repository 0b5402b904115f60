import { z } from 'zod';

/**
 * The signed-in sessions of a user (Settings, "Signed-in devices"; decision 0043). A session is
 * named by a random public id of its own, never by the hash of its token.
 */
export const sessionMessages = {
  currentSession: 'This is the session you are using: sign out from the menu to end it',
  invalidSessionLink: 'This link has been used already, or the session it names has ended.',
} as const;

export const userSessionSchema = z.object({
  id: z.string(),
  /** The browser as its user agent names it ("Chrome", "Safari"...); null when it cannot be told. */
  browser: z.string().nullable(),
  /** The device or system ("Android", "iPhone", "Windows"...); null when it cannot be told. */
  device: z.string().nullable(),
  /** The address it signed in from. No place is given: no geolocation database is used (decision 0043). */
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** The current session first, then the others by last activity, newest first; at most `SESSIONS_LISTED`. */
export const userSessionsSchema = z.object({ items: z.array(userSessionSchema), total: z.number().int() });
export type UserSessions = z.infer<typeof userSessionsSchema>;

/** How many sessions the list shows; "sign out all others" ends every one, listed or not. */
export const SESSIONS_LISTED = 50;

export const sessionParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const otherSessionsEndedSchema = z.object({ ended: z.number().int() });
export type OtherSessionsEnded = z.infer<typeof otherSessionsEndedSchema>;

/** The link mailed after a sign-in on a new device: its token ends that one session, no sign-in needed. */
export const endSessionByLinkSchema = z.object({ token: z.string().min(1).max(200) });
