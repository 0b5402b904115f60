/**
 * What caches may keep of an /api answer, in one place (docs/api.md "Caching" lists the same
 * table, and cache-policy.api.test.ts holds every route to it). API answers carry personal data
 * (balances, statements, tokens), so the rule is `no-store`; the exceptions are successful answers
 * that are the same for whoever asks or never change under their URL.
 */
export const NO_STORE = 'no-store';

/** Successful answers caches may keep, by "METHOD route pattern" (Fastify's :param form). */
export const CACHEABLE_API_ANSWERS: Readonly<Record<string, string>> = {
  // Public, the same for everyone and set by configuration: the converter on every landing page
  // visit need not ask again for five minutes.
  'GET /api/v1/rates': 'public, max-age=300',
  // A photo's name changes with every upload, so the file under a name never changes; private,
  // because only signed-in users may see it.
  'GET /api/v1/photos/:file': 'private, max-age=31536000, immutable',
};

/** The Cache-Control of an /api answer: errors and every other route are never stored. */
export function apiCacheControl(method: string, routePattern: string | undefined, statusCode: number): string {
  if (routePattern === undefined || statusCode < 200 || statusCode >= 300) return NO_STORE;
  const asGet = method === 'HEAD' ? 'GET' : method;
  return CACHEABLE_API_ANSWERS[`${asGet} ${routePattern}`] ?? NO_STORE;
}
