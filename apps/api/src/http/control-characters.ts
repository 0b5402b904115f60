import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationFailed } from '../core/errors.js';

/**
 * Control characters in text people type: C0 controls (NUL among them) and DEL. Tab, line feed and
 * carriage return stay allowed in bodies, where a message may have lines.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** In a path segment or a query string even line breaks and tabs make no sense. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_URL = /[\u0000-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = 'Remove the control characters from this text';

/** Parsed JSON, params and query objects (Fastify's inherit from a null-prototype object); not buffers or streams. */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
};

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

const pathOf = (visit: Visit | null): string => {
  const keys: string[] = [];
  for (let node = visit; node?.parent; node = node.parent) keys.push(node.key);
  return keys.reverse().join('.');
};

/**
 * The path of a string (value or key) in `root` that `pattern` matches, as the error handler names
 * fields ("items.0.text"); '' for the root itself; null if there is none. Walks with its own stack
 * and parent links, so a deeply nested body costs neither call stack nor copied paths.
 */
export function findControlCharacters(root: unknown, pattern: RegExp): string | null {
  const stack: Visit[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (pattern.test(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, key: String(index), parent: visit }));
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const child = { value: item, key, parent: visit };
        if (pattern.test(key)) return pathOf({ ...child, key: key.replace(new RegExp(CONTROL_IN_URL.source, 'g'), '?') });
        stack.push(child);
      }
    }
  }
  return null;
}

function refuseControlCharacters(request: FastifyRequest): void {
  const field =
    findControlCharacters(request.params, CONTROL_IN_URL) ??
    findControlCharacters(request.query, CONTROL_IN_URL) ??
    findControlCharacters(request.body, CONTROL_IN_TEXT);
  if (field !== null) throw validationFailed({ [field || 'body']: CONTROL_CHARACTER_MESSAGE }, 'The request contains control characters');
}

/**
 * One rule for every route, present and future, on both databases (PostgreSQL cannot store NUL in
 * text; SQLite would store it): text with control characters is refused with 400
 * validation_failed before the route's own validation, so no handler ever sees it.
 */
export function registerControlCharacterRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => refuseControlCharacters(request));
}
