import { errorCodes, errorStatus, type ErrorBody, type ErrorCode } from '@poisha/contracts';

/**
 * An expected failure: it carries the stable code, the message the client sees and, from the
 * contract's `errorStatus` table, the HTTP status of that code. The error handler turns it into
 * the API's error body; anything else becomes a 500.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

/** The codes answered 422: a valid request that a business rule refuses. */
export type RefusalCode = { [C in ErrorCode]: (typeof errorStatus)[C] extends 422 ? C : never }[ErrorCode];

/**
 * A valid request refused by a business rule (low balance, unknown recipient, declined card...).
 * On a money route the refusal is the request's answer: `runIdempotent` stores it with the key.
 */
export class BusinessRuleError extends AppError {
  constructor(code: RefusalCode, message: string, fields?: Record<string, string>) {
    super(code, message, fields);
    this.name = 'BusinessRuleError';
  }
}

export const unauthenticated = () => new AppError(errorCodes.unauthenticated, 'Please sign in to continue');

export const notFound = (what = 'Resource') => new AppError(errorCodes.notFound, `${what} not found`);

export const validationFailed = (fields: Record<string, string>, message = 'Some fields are not valid') =>
  new AppError(errorCodes.validationFailed, message, fields);

/** The API's error body: `{ error: { code, message, fields? } }`. */
export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export const errorBodyOf = (error: AppError): ErrorBody => errorBody(error.code, error.message, error.fields);
