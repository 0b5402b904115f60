import { errorBodySchema } from '@poisha/contracts';

/** Declares the error answers a route can give, so the OpenAPI document lists them. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/** The conventions every operation follows, at the top of the OpenAPI document (docs/api.md says more). */
export const API_CONVENTIONS = [
  'Poisha: a US-dollar wallet and money transfer for Bangladesh.',
  '',
  '- **Money** is `{ "amount": <integer cents>, "currency": "USD" }`; request bodies take `amount` as integer cents.',
  '- **Signing in**: `Authorization: Bearer <token>` with the token that signup/login return, or the session cookie; a cookie request that changes state must echo the `poisha_csrf` cookie in the `x-csrf-token` header.',
  '- **Errors**: `{ "error": { "code", "message", "fields"? } }`; each code always has the same status (400 validation_failed, 401 unauthenticated, 404 not_found — also for other users\' resources, 409 conflicts, 422 business rules, 429 rate_limited with Retry-After).',
  '- **Idempotency**: every POST that moves money needs an `Idempotency-Key` header (1–255 characters); the same key and body return the first answer again and move nothing; the same key with another body is 422 idempotency_key_reused.',
  '- **Lists**: `?page=0&pageSize=5|10|20` answer `{ items, total, page, pageSize, pageCount }`, newest first.',
].join('\n');
