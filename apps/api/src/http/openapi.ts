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

/**
 * The answer of a route that sends a file, not JSON: the document declares it under its own media
 * type (a CSV as text, a PDF or an image as binary), not as an application/json body.
 */
export function fileResponse(mediaType: string, description: string) {
  const schema = z.unknown().describe(description);
  fileResponses.set(schema, { mediaType, description });
  return schema;
}
const fileResponses = new WeakMap<object, { mediaType: string; description: string }>();

/** A file answer in OpenAPI's own form, which @fastify/swagger takes as it is. */
const fileResponseObject = ({ mediaType, description }: { mediaType: string; description: string }) => ({
  description,
  content: { [mediaType]: { schema: { type: 'string', ...(mediaType.startsWith('text/') ? {} : { format: 'binary' }) } } },
});

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
  const responses = (input.schema?.response ?? {}) as Record<string, unknown>;
  for (const [status, schema] of Object.entries(responses)) {
    const file = typeof schema === 'object' && schema !== null ? fileResponses.get(schema) : undefined;
    if (file) (transformed.schema.response as Record<string, unknown>)[status] = fileResponseObject(file);
  }
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

const RESPONSE_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted; no body', '204': 'Done; no body' };
const ERROR_DESCRIPTION = 'Refused: an Error body (docs/api.md lists the codes of each status)';

type JsonSchema = Record<string, unknown>;
interface Response {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}
interface Operation {
  operationId?: string;
  security?: unknown[];
  responses?: Record<string, Response>;
}
interface Document {
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/**
 * "getMoneyRequestsByIdPay" for POST /api/v1/money-requests/{id}/pay: the method and the path's
 * words, so a generated client has a stable name for each operation (method and path are unique).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(\/v1)?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith('{') ? ['by', segment.slice(1, -1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** An answer without a body (z.null()): no content at all, not an application/json null. */
const isNoBody = (schema: JsonSchema | undefined) => Array.isArray(schema?.enum) && schema.enum.length === 1 && schema.enum[0] === null;

/**
 * OpenAPI 3.0 wants a type beside `nullable`: zod writes `{ nullable, allOf: [$ref] }` for a
 * nullable shared schema and `{ nullable, oneOf: [...] }` for a nullable union of objects. Each of
 * those is an object, so it says so.
 */
function typeNullables(node: unknown, components: Record<string, JsonSchema>): void {
  if (Array.isArray(node)) return node.forEach((item) => typeNullables(item, components));
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonSchema;
  if (schema.nullable === true && schema.type === undefined) {
    const members = [...((schema.allOf as JsonSchema[] | undefined) ?? []), ...((schema.oneOf as JsonSchema[] | undefined) ?? []), ...((schema.anyOf as JsonSchema[] | undefined) ?? [])];
    const typeOf = (member: JsonSchema) => (typeof member.$ref === 'string' ? components[member.$ref.split('/').pop()!]?.type : member.type);
    const types = new Set(members.map(typeOf));
    if (types.size === 1 && typeof [...types][0] === 'string') schema.type = [...types][0];
  }
  for (const value of Object.values(schema)) typeNullables(value, components);
}

/**
 * The whole document: shared components from the schema registry, a description on every answer
 * (an error answer points at the Error schema), and no component that nothing uses. Also what
 * linters and validating proxies check (Redocly's recommended rules, `npm run lint:openapi`): a
 * server, an operationId and a security list on every operation, 400 on every operation (any
 * path, query string or body may be refused before the route runs), a file answer under its own
 * media type, no body declared for a 204.
 */
export const openApiTransformObject: SwaggerTransformObject = (input) => {
  const transformed = jsonSchemaTransformObject(input);
  const document = transformed as unknown as Document;
  document.servers = [{ url: '/', description: 'The server that serves this document' }];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId ??= operationIdOf(method, path);
      // Routes outside /api/v1 (health) are not behind protectRoutes: they are public.
      operation.security ??= [];
      const responses = (operation.responses ??= {});
      // Every route may answer 400: the control-character rule refuses a bad path, query string or
      // body before any route's own validation (http/control-characters.ts), and the router refuses
      // a malformed or over-long path the same way.
      responses['400'] ??= { description: ERROR_DESCRIPTION, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === 'Default Response') {
          response.description = RESPONSE_DESCRIPTIONS[status] ?? (Number(status) >= 400 ? ERROR_DESCRIPTION : 'OK');
        }
        const json = response.content?.['application/json']?.schema;
        // 204 has no body by definition (a 202 of z.null() does send `null`).
        if (status === '204' && isNoBody(json)) {
          delete response.content;
          if (typeof json?.description === 'string') response.description = json.description;
        }
      }
    }
  }
  typeNullables(document.paths, document.components?.schemas ?? {});
  typeNullables(document.components, document.components?.schemas ?? {});
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
  '- **Any operation** may also answer 408 (request_timeout), 413, 415, 500 and 503, with an `Error` body.',
].join('\n');
