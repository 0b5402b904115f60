import { cookieNames, SESSION_DATA_ELEMENT_ID } from '@poisha/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The session of a signed-in visitor, for the app's page (docs/decisions/0021-session-in-the-page.md):
 * the JSON body GET /api/v1/auth/session answers them, asked through the API itself (inject), so it
 * is exactly that answer (same checks, same serialisation, same schema, and it counts as activity
 * as the app's own check would). Null without a session cookie, or when the API refuses the session
 * (expired, unknown, ended): the page is then the plain shell and the app checks by itself.
 */
export async function sessionForPage(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (!request.cookies[cookieNames(app.sessionCookies.secure).session]) return null;
  const answer = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/session',
    // The visitor's own cookies and address: the audit log and rate limits see them, not the server's.
    headers: { cookie: request.headers.cookie ?? '', ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}) },
    remoteAddress: request.ip,
  });
  return answer.statusCode === 200 ? answer.body : null;
}

/**
 * The shell with the session as a data block before </body>. A `type="application/json"` script is
 * never run, so the content security policy (`script-src 'self'`) holds; `<` is written as \u003c,
 * which JSON.parse reads back unchanged, so no value can close the element.
 */
export function shellWithSession(shell: string, sessionJson: string, preloads = ''): string {
  if (!shell.includes('</body>')) throw new Error('The app shell (index.html) has no </body> to put the session before');
  const block = `<script type="application/json" id="${SESSION_DATA_ELEMENT_ID}">${sessionJson.replace(/</g, '\\u003c')}</script>`;
  // The signed-in screen's scripts (shell-preloads.ts), fetched with the page.
  return shell.replace('</head>', `${preloads}</head>`).replace('</body>', `${block}</body>`);
}
