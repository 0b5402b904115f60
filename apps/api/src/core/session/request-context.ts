import type { FastifyRequest } from 'fastify';
import type { AuditContext } from '../audit/audit-log.js';

/** Who is asking, for the audit log and the rate limits. */
export function auditContext(request: FastifyRequest, nowMs: number): AuditContext {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null, nowMs };
}
