import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  /** E.164. */
  to: string;
  text: string;
}

/** Where SMS go: an HTTP gateway in production, files under DATA_DIR/sms in development. */
export interface SmsGateway {
  send(message: SmsMessage): Promise<void>;
  /** Where development SMS are written, when no gateway is configured. */
  readonly outboxDir: string | null;
}

export interface SmsGatewayOptions {
  gatewayUrl?: string | undefined;
  gatewayKey?: string | undefined;
  dataDir: string;
  log: FastifyBaseLogger;
  /** The gateway is called with it (tests hand in their own). */
  fetch?: typeof fetch;
}

/** A gateway that has not answered in this time is given up on: the person can ask for a new code. */
const GATEWAY_TIMEOUT_MS = 10_000;

/** The last digits of a number: enough to tell messages apart in a log, not to collect numbers. */
export const maskedNumber = (phone: string) => `…${phone.slice(-3)}`;

/**
 * Sends SMS through an HTTP gateway when `SMS_GATEWAY_URL` is set: `POST` of `{ to, text }` as JSON
 * with `Authorization: Bearer <SMS_GATEWAY_KEY>`; any answer but 2xx is a failure. Otherwise each
 * message is written as a text file under `<DATA_DIR>/sms` and the file is logged, so a developer
 * (and the browser tests) can read a code without a gateway. The text itself is never logged: it
 * holds a one-time code.
 */
export function createSmsGateway({ gatewayUrl, gatewayKey, dataDir, log, fetch: fetchWith = fetch }: SmsGatewayOptions): SmsGateway {
  if (gatewayUrl) {
    return {
      outboxDir: null,
      async send(message) {
        const response = await fetchWith(gatewayUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(gatewayKey ? { authorization: `Bearer ${gatewayKey}` } : {}) },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
        log.info({ to: maskedNumber(message.to) }, 'sms sent');
      },
    };
  }

  const outboxDir = path.join(dataDir, 'sms');
  return {
    outboxDir,
    async send(message) {
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${crypto.randomUUID()}.txt`);
      // Written whole, then named .txt: a reader of the outbox never sees half a message.
      await fs.writeFile(`${file}.partial`, `To: ${message.to}\n\n${message.text}\n`);
      await fs.rename(`${file}.partial`, file);
      log.info({ file, to: maskedNumber(message.to) }, 'development sms written (no SMS_GATEWAY_URL set)');
    },
  };
}

/** Reads a development SMS file back: whom it went to and what it says. */
export function parseSmsFile(content: string): SmsMessage {
  const match = /^To: (\S+)\n\n([\s\S]*)$/.exec(content);
  if (!match) throw new Error('not an SMS file');
  return { to: match[1]!, text: match[2]!.trimEnd() };
}
