import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from './openapi.js';

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
type Input = z.ZodType | undefined;
interface Schema<B extends Input, P extends Input, Q extends Input> extends FastifySchema {
  body: B;
  params: P;
  querystring: Q;
}
type RouteRequest<S extends FastifySchema> = FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, S, ZodTypeProvider>;
type RouteReply<S extends FastifySchema> = FastifyReply<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, ContextConfigDefault, S, ZodTypeProvider>;

/** What a handler answers: the success body (nothing where it is `z.null()`), or the reply it sent itself (a file, an idempotent movement). */
type Answer<Success extends z.ZodType> = ([z.output<Success>] extends [null] ? void : z.output<Success>) | FastifyReply;

/** One operation: the OpenAPI document, validation and serialisation come from this declaration. */
export interface Operation<Status extends number, Success extends z.ZodType, B extends Input, P extends Input, Q extends Input> {
  body?: B;
  params?: P;
  querystring?: Q;
  /** The request body's media types when it is not JSON (the photo's multipart/form-data). */
  consumes?: string[];
  /** The success status and its body's schema: `[200, pageSchema]`, `[204, z.null()]`. */
  answer: readonly [Status, Success];
  /** Other success answers the handler may send itself (a review: 200 replaced, 201 created). */
  otherAnswers?: Record<number, z.ZodType>;
  /** The statuses of the error answers it can give, each with the shared Error body. */
  errors?: number[];
  /** Route flags (`FastifyContextConfig`): `public`, `signedInUser`, `passive`, `idempotent`, `payment`. */
  config?: FastifyContextConfig;
  /**
   * Answers the success body, which is sent with the declared status (nothing for a `z.null()`
   * answer: no body); or sends the reply itself (files, `idempotentRoute`) and returns it.
   */
  handler: (request: RouteRequest<Schema<B, P, Q>>, reply: RouteReply<Schema<B, P, Q>>) => Answer<Success> | Promise<Answer<Success>>;
}

/**
 * The routes of one feature, all under its OpenAPI tag: `const route = declareRoutes(app, 'favourites')`,
 * then `route.get(url, summary, { querystring, answer: [200, pageSchema], errors: [400, 401], handler })`.
 * The same as Fastify's `app.get(url, { config, schema: { tags, summary, ..., response } }, handler)`
 * with the error bodies, the success status and the empty 204 written once, here.
 */
export function declareRoutes(app: ZodApp, tag: string) {
  const declare =
    (method: HTTPMethods) =>
    <Status extends number, Success extends z.ZodType, B extends Input = undefined, P extends Input = undefined, Q extends Input = undefined>(
      url: string,
      summary: string,
      operation: Operation<Status, Success, B, P, Q>,
    ) => {
      const { body, params, querystring, consumes, answer, otherAnswers, errors = [], config, handler } = operation;
      const [status, success] = answer;
      const schema: FastifySchema = {
        tags: [tag],
        summary,
        ...(consumes && { consumes }),
        ...(querystring && { querystring }),
        ...(params && { params }),
        ...(body && { body }),
        response: { [status]: success, ...otherAnswers, ...errorResponses(...errors) },
      };
      app.route({
        method,
        url,
        ...(config && { config }),
        schema,
        handler: async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
          const sent = await handler(request as RouteRequest<Schema<B, P, Q>>, reply as RouteReply<Schema<B, P, Q>>);
          if (sent === reply) return reply;
          void reply.status(status);
          return reply.send(sent ?? null);
        },
      });
    };
  return { get: declare('GET'), post: declare('POST'), put: declare('PUT'), patch: declare('PATCH'), delete: declare('DELETE') };
}
