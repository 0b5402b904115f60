import type { FastifyReply } from 'fastify';

/** Sends a file to save (a statement, a receipt): its type and the name the browser saves it under. */
export function sendAttachment(reply: FastifyReply, file: { contentType: string; filename: string; body: unknown }) {
  return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
}
