import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Query parameters whose values are secrets (defence in depth: the app itself puts them in fragments). */
const SECRET_PARAMS = /([?&](?:token|password|code)=)[^&#]*/gi;
export const scrubUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * JSON logs with a request id on every line. Bodies are never logged; headers that carry
 * credentials are redacted.
 */
export function loggerOptions(level: string, stream?: DestinationStream): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  return {
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    },
    logger: {
      level,
      ...(stream ? { stream } : {}),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.pin', '*.currentPin', '*.newPin'],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
          method: request.method,
          url: scrubUrl(request.url),
          ip: request.ip,
          userAgent: request.headers?.['user-agent'],
        }),
      },
    },
  };
}
