import { errorCodes, type ErrorBody } from '@poisha/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody as body, errorBodyOf } from './app-error.js';

/** Fastify's own client errors (body parsing, content type, size) mapped to our codes. */
function frameworkClientError(error: FastifyError): { status: number; body: ErrorBody } | null {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: body(errorCodes.payloadTooLarge, 'The request body is too large') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return status === 415
        ? { status, body: body(errorCodes.unsupportedMediaType, 'Send the request body as application/json') }
        : { status, body: body(errorCodes.validationFailed, error.message) };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: body(errorCodes.validationFailed, 'The request body is empty') };
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return { status: 400, body: body(errorCodes.invalidJson, 'The request body is not valid JSON') };
      }
      return { status, body: body(errorCodes.validationFailed, error.message) };
  }
}

/**
 * The one place where errors become HTTP answers. Expected failures keep their status and code;
 * anything unexpected is logged with the request id and answered with a bare 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(errorBodyOf(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      let firstMessage = 'Some fields are not valid';
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const message = issue.message ?? 'Invalid value';
        if (field && !fields[field]) fields[field] = message;
        if (!field) firstMessage = error.validationContext === 'body' ? 'The request body must be a JSON object' : message;
      }
      return reply.status(400).send(body(errorCodes.validationFailed, firstMessage, fields));
    }
    const clientError = frameworkClientError(error);
    if (clientError) return reply.status(clientError.status).send(clientError.body);

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(errorCodes.internal, 'Something went wrong on our side. Please try again.'));
  });
}
