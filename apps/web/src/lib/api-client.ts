import { cookieNames, CSRF_HEADER, errorCodes, isErrorCode, type ErrorBody, type ErrorCode } from '@poisha/contracts';
import type { z } from 'zod';
import { recordActivity } from './activity';

export const API_BASE = '/api/v1';

/** Codes the client itself produces when no usable answer came back. */
export const clientErrorCodes = {
  network: 'network_error',
  invalidResponse: 'invalid_response',
} as const;
export type ClientErrorCode = (typeof clientErrorCodes)[keyof typeof clientErrorCodes];

/** A failed API call: the server's error body, or a client-side code when there was none. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A schema loaded only when there is an answer to check, for calls made by every page (the session)
 * whose schema would otherwise put zod into the first download.
 */
export type LazySchema<S extends z.ZodType> = () => Promise<S>;

interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the Idempotency-Key of a money-moving request. */
  headers?: Record<string, string>;
  /**
   * A background poll (the unread-notification count): not the person's activity, so it does not
   * move the idle clock here, as the server does not count it either.
   */
  passive?: boolean;
}

const sessionLostListeners = new Set<() => void>();

/**
 * Called whenever the server answers 401 to a request: the session cookie no longer works. A wrong
 * password at login is also a 401, but it says nothing about the session, so it is not reported.
 */
export function onSessionLost(listener: () => void): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

/** A lazy schema's code that cannot be downloaded is a network failure, retried like one. */
async function loadSchema<S extends z.ZodType>(load: LazySchema<S>): Promise<S> {
  try {
    return await load();
  } catch {
    throw new ApiError(0, clientErrorCodes.network, 'Could not reach Poisha. Check your connection and try again.');
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The contract's error body (errorBodySchema), checked by hand so that a visitor's signed-out
 * session check (a 401 with this body) needs no zod. api-client.test.ts holds it to the schema.
 */
export function parseErrorBody(body: unknown): ErrorBody['error'] | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, fields } = body.error;
  if (!isErrorCode(code) || typeof message !== 'string') return null;
  if (fields === undefined) return { code, message };
  if (!isRecord(fields) || !Object.values(fields).every((value) => typeof value === 'string')) return null;
  return { code, message, fields: fields as Record<string, string> };
}

async function errorFrom(response: Response): Promise<ApiError> {
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  const error = parseErrorBody(await response.json().catch(() => null));
  if (!error) {
    return new ApiError(response.status, errorCodes.internal, `Request failed with status ${response.status}`, {}, retryAfterSeconds);
  }
  return new ApiError(response.status, error.code, error.message, error.fields, retryAfterSeconds);
}

/**
 * Calls the API with the session cookie. State-changing requests echo the CSRF cookie in a header
 * (double-submit defence). With a schema, the answer is parsed by it, so the rest of the app only
 * sees data that matches the shared contract.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions & { schema: S | LazySchema<S> }): Promise<z.output<S>>;
export async function apiRequest(path: string, options?: RequestOptions): Promise<void>;
export async function apiRequest(path: string, options: RequestOptions & { schema?: z.ZodType | LazySchema<z.ZodType> } = {}): Promise<unknown> {
  const { method = 'GET', body, signal, schema, headers: extraHeaders, passive = false } = options;
  const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json' };
  // A FormData body (a file upload) is sent as multipart; the browser writes its content type.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    // Over HTTPS the server names it with the __Host- prefix.
    const csrf = readCookie(cookieNames(true).csrf) ?? readCookie(cookieNames(false).csrf);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }

  const sentAt = Date.now();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, clientErrorCodes.network, 'Could not reach Poisha. Check your connection and try again.');
  }

  if (response.status === 401) {
    const error = await errorFrom(response);
    if (error.code !== errorCodes.invalidCredentials) {
      for (const listener of sessionLostListeners) listener();
    }
    throw error;
  }
  // Any other answer means the server saw the request, which counts as activity on the session.
  if (!passive) recordActivity(sentAt);
  if (!response.ok) throw await errorFrom(response);
  if (!schema) return undefined;

  const answer: unknown = await response.json().catch(() => undefined);
  const parsed = (typeof schema === 'function' ? await loadSchema(schema) : schema).safeParse(answer);
  if (!parsed.success) {
    throw new ApiError(response.status, clientErrorCodes.invalidResponse, 'The server sent an answer this app does not understand.');
  }
  return parsed.data;
}
