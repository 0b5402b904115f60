import { errorBodySchema } from '@poisha/contracts';

/** Declares the error answers a route can give, so the OpenAPI document lists them. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}
