import { errorCodes, type ErrorBody } from '@poisha/contracts';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody as body, errorBodyOf } from '../core/errors.js';

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
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 400, body: body(errorCodes.validationFailed, 'The address of the request is not valid') };
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return { status: 400, body: body(errorCodes.invalidJson, 'The request body is not valid JSON') };
      }
      return { status, body: body(errorCodes.validationFailed, error.message) };
  }
}

interface Answer {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

/** Seconds a client is asked to wait before sending again a request the database could not take. */
export const DATABASE_AWAY_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to any error: the one mapping the error handler, the router's and the socket's errors
 * share. `isUnavailable` tells an error of a database that is away for the moment (the app passes
 * the database's own test in): 503 `unavailable`, to be sent again, rather than 500.
 */
export function errorAnswer(error: FastifyError, log: FastifyBaseLogger, isUnavailable: (error: unknown) => boolean = () => false): Answer {
  if (error instanceof AppError) return { status: error.statusCode, body: errorBodyOf(error), ...(error.headers ? { headers: error.headers } : {}) };
  // A client's own failure (a body cut off mid-upload: ECONNRESET, which Fastify marks 400) stays a 4xx.
  const clientFailure = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
  if (!clientFailure && isUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      body: body(errorCodes.unavailable, 'Poisha cannot reach its records just now. Please try again in a moment.'),
      headers: { 'retry-after': String(DATABASE_AWAY_RETRY_AFTER_SECONDS) },
    };
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
    return { status: 400, body: body(errorCodes.validationFailed, firstMessage, fields) };
  }
  const clientError = frameworkClientError(error);
  if (clientError) return clientError;

  log.error({ err: error }, 'unhandled error');
  return { status: 500, body: body(errorCodes.internal, 'Something went wrong on our side. Please try again.') };
}

const send = (reply: FastifyReply, answer: Answer) => {
  if (answer.headers) void reply.headers(answer.headers);
  return reply.status(answer.status).send(answer.body);
};

/**
 * The one place where errors become HTTP answers. Expected failures keep their status and code;
 * anything unexpected is logged with the request id and answered with a bare 500.
 */
export function registerErrorHandling(app: FastifyInstance, isUnavailable?: (error: unknown) => boolean): void {
  app.setErrorHandler((error: FastifyError, request, reply) => send(reply, errorAnswer(error, request.log, isUnavailable)));
}

/**
 * While the server shuts down, a request still arriving on an open connection is answered 503
 * `unavailable` in the API's format (instead of Fastify's own `return503OnClosing` body), and
 * every answer closes its connection.
 */
export function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError(errorCodes.unavailable, 'The server is restarting. Please try again.', undefined, { connection: 'close' });
  });
  // A request that was in flight when the shutdown began is answered, and its keep-alive
  // connection closed after it: otherwise the shutdown waits until the client drops it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
}

/**
 * Errors the router meets before any route runs (a malformed percent-escape in the path, a path
 * parameter over the length limit): the same answers, in the API's format (Fastify's
 * `frameworkErrors` option).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void send(reply, errorAnswer(error, request.log));
}

/**
 * A request Node's HTTP parser cannot read, or one that took longer than the request timeout: the
 * connection is answered in the API's format and closed (Fastify's `clientErrorHandler` option).
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? { status: 408, body: body(errorCodes.requestTimeout, 'The request took too long to arrive') }
      : { status: 400, body: body(errorCodes.validationFailed, error.code === 'HPE_HEADER_OVERFLOW' ? 'The request headers are too large' : 'The request could not be read') };
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const text = JSON.stringify(answer.body);
    socket.write(
      `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
