import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { CSRF_HEADER, errorBodySchema, IDEMPOTENCY_HEADER, moneySchema } from '@poisha/contracts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Shared shapes become named components of the OpenAPI document (`#/components/schemas/Error`,
 * `Money`), so a generated client has one `Error` type for every error answer.
 */
if (!z.globalRegistry.has(errorBodySchema)) {
  z.globalRegistry.add(errorBodySchema, {
    id: 'Error',
    description: 'The body of every error answer. `code` is stable and always comes with the same HTTP status; `message` is English for people; `fields` maps request fields to what is wrong with them.',
  });
}
if (!z.globalRegistry.has(moneySchema)) {
  z.globalRegistry.add(moneySchema, {
    id: 'Money',
    description: 'An amount of money: `amount` is an integer number of cents (minor units; negative when money leaves the wallet), never a decimal. `{"amount": 12345, "currency": "USD"}` is 123.45 USD.',
  });
}

/** Declares the error answers a route can give, so the OpenAPI document lists them. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

export const SECURITY_SCHEMES = (sessionCookie: string) =>
  ({
  bearer: { type: 'http', scheme: 'bearer', description: 'The `token` that sign-up and login answer with.' },
  cookie: { type: 'apiKey', in: 'cookie', name: sessionCookie, description: 'The session cookie that sign-up and login set (browsers).' },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: 'With the session cookie, every request that changes state (POST, PUT, PATCH, DELETE) echoes the value of the readable CSRF cookie in this header. Bearer requests need none.',
  },
  }) as const;

/**
 * The OpenAPI form of each route: zod schemas become JSON schemas, and a money-moving route
 * (`config: { idempotent: true }`) declares its required Idempotency-Key header.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  if (input.route.config?.idempotent !== true) return transformed;
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      headers: {
        type: 'object',
        properties: {
          [IDEMPOTENCY_HEADER]: {
            type: 'string',
            minLength: 1,
            maxLength: 255,
            description: 'Chosen by the client (a UUID is fine) and kept until the request has an answer. A retry with the same key and body gets the first answer again and moves nothing; the same key with another body is 422 idempotency_key_reused.',
          },
        },
        required: [IDEMPOTENCY_HEADER],
      },
    },
  };
};

const RESPONSE_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'Done; no body' };

interface Document {
  paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * The whole document: shared components from the schema registry, a description on every answer
 * (an error answer points at the Error schema), and no component that nothing uses.
 */
export const openApiTransformObject: SwaggerTransformObject = (input) => {
  const transformed = jsonSchemaTransformObject(input);
  const document = transformed as unknown as Document;
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description !== 'Default Response') continue;
        response.description = RESPONSE_DESCRIPTIONS[status] ?? (Number(status) >= 400 ? 'Refused: an Error body (docs/api.md lists the codes of each status)' : 'OK');
      }
    }
  }
  const schemas = document.components?.schemas;
  if (schemas) {
    const used = JSON.stringify(document.paths ?? {}) + JSON.stringify(schemas);
    for (const name of Object.keys(schemas)) if (!used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return transformed;
};

/** The conventions every operation follows, at the top of the OpenAPI document (docs/api.md says more). */
export const API_CONVENTIONS = [
  'Poisha: a US-dollar wallet and money transfer for Bangladesh.',
  '',
  '- **Money** is `{ "amount": <integer cents>, "currency": "USD" }` (the `Money` schema); request bodies take `amount` as integer cents.',
  '- **Signing in**: `Authorization: Bearer <token>` with the token that signup/login return (security scheme `bearer`), or the session cookie (`cookie`); a cookie request that changes state must echo the CSRF cookie in the `x-csrf-token` header (`csrf`).',
  '- **Errors**: every error answer is the `Error` schema, `{ "error": { "code", "message", "fields"? } }`; each code always has the same status (400 validation_failed, 401 unauthenticated, 403 csrf_failed or account_locked, 404 not_found — also for other users\' resources, 409 conflicts, 422 business rules, 429 rate_limited with Retry-After).',
  '- **Idempotency**: every POST that moves money declares a required `Idempotency-Key` header (1–255 characters); the same key and body return the first answer again and move nothing; the same key with another body is 422 idempotency_key_reused.',
  '- **Lists**: `?page=0&pageSize=5|10|20` answer `{ items, total, page, pageSize, pageCount }`, newest first.',
].join('\n');
