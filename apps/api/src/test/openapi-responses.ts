import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Every answer an API test receives, checked against what the OpenAPI document (/api/docs/json)
 * declares for its operation: the status, the content type and, for JSON, the body by its schema.
 * A contract test for the whole suite: an answer the document does not describe fails the test
 * that received it (issue 24, defect 20: Prism found `/statement.csv` declared as JSON and a 204
 * declared with a body).
 */

/** What any operation may answer besides its own list, as docs/api.md and the document's description say. */
export const ANSWERS_OF_EVERY_OPERATION = [408, 413, 415, 500, 503] as const;

interface DocResponse {
  content?: Record<string, { schema?: unknown }>;
}
interface DocOperation {
  responses: Record<string, DocResponse>;
}
interface OperationMatcher {
  method: string;
  path: string;
  pattern: RegExp;
  /** Literal segments first: /money-request-blocks before /money-request-blocks/{phone}. */
  literalLength: number;
  operation: DocOperation;
}

export interface ResponseCheck {
  (method: string, url: string, response: LightMyRequestResponse): string[];
}

/**
 * OpenAPI 3.0's `nullable: true` means "or null" (3.0.3), also beside `oneOf`/`allOf`; Ajv reads it
 * beside `type` only. Written as JSON Schema's "null or the rest", both agree.
 */
function nullAsAlternative(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullAsAlternative);
  if (typeof node !== 'object' || node === null) return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, nullAsAlternative(value)]));
  return nullable === true ? { anyOf: [{ enum: [null] }, converted] } : converted;
}

export function responseChecker(document: { paths: Record<string, Record<string, DocOperation>>; components?: unknown }): ResponseCheck {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: nullAsAlternative(document.components ?? {}) });
  const validators = new Map<unknown, ValidateFunction>();
  const validatorOf = (schema: unknown) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(nullAsAlternative(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'))) as object);
      validators.set(schema, validate);
    }
    return validate;
  };

  const matchers: OperationMatcher[] = Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
        literalLength: path.replace(/\{\w+\}/g, '').length,
        operation,
      })),
    )
    .sort((a, b) => b.literalLength - a.literalLength);

  return (method, url, response) => {
    const path = url.split('?')[0]!;
    const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const matcher = matchers.find((candidate) => candidate.method === verb && candidate.pattern.test(path));
    if (!matcher) return [];
    const where = `${verb} ${matcher.path} → ${response.statusCode}`;
    const declared = matcher.operation.responses[String(response.statusCode)];
    if (!declared) {
      return (ANSWERS_OF_EVERY_OPERATION as readonly number[]).includes(response.statusCode) ? [] : [`${where}: status not declared (declared: ${Object.keys(matcher.operation.responses).join(', ')})`];
    }
    const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!.trim();
    const content = declared.content;
    if (!content) return response.rawPayload.length === 0 ? [] : [`${where}: declared without a body, sent ${response.rawPayload.length} bytes of ${contentType}`];
    const media = content[contentType];
    if (!media) return [`${where}: sent ${contentType || 'no content type'}, declared ${Object.keys(content).join(', ')}`];
    if (contentType !== 'application/json' || method.toUpperCase() === 'HEAD' || media.schema === undefined) return [];
    const validate = validatorOf(media.schema);
    if (validate(response.json())) return [];
    return [`${where}: body does not match the declared schema: ${ajv.errorsText(validate.errors)}`];
  };
}

/**
 * Makes every `app.inject({...})` of the test app check its answer (see `responseChecker`); a
 * mismatch throws where the test made the request.
 */
export async function checkAnswersAgainstDocument(app: FastifyInstance): Promise<void> {
  const documentAnswer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const check = responseChecker(documentAnswer.json());
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const checkedInject = async (options: InjectOptions) => {
    const response = await inject(options);
    const problems = check(options.method ?? 'GET', options.url as string, response);
    if (problems.length > 0) throw new Error(`The answer does not match the OpenAPI document:\n${problems.join('\n')}`);
    return response;
  };
  (app as unknown as { inject: unknown }).inject = (options?: InjectOptions | string, callback?: unknown) => {
    // Only the form the tests use (an options object, a promise); the others pass through.
    if (typeof options !== 'object' || callback !== undefined || typeof options.url !== 'string') return (inject as unknown as (...args: unknown[]) => unknown)(options, callback);
    return checkedInject(options);
  };
}
