import { errorCodes, type ErrorBody, type ErrorCode } from '@poisha/contracts';

/**
 * An expected failure: it carries the HTTP status, the stable code and the message the client
 * sees. The error handler turns it into the API's error body; anything else becomes a 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () =>
  new AppError(401, errorCodes.unauthenticated, 'Please sign in to continue');

export const notFound = (what = 'Resource') => new AppError(404, errorCodes.notFound, `${what} not found`);

export const validationFailed = (fields: Record<string, string>, message = 'Some fields are not valid') =>
  new AppError(400, errorCodes.validationFailed, message, fields);

/** The API's error body: `{ error: { code, message, fields? } }`. */
export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export const errorBodyOf = (error: AppError): ErrorBody => errorBody(error.code, error.message, error.fields);
