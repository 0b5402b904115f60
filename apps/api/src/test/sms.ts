import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseSmsFile, type SmsGateway, type SmsMessage } from '../sms/sms-gateway.js';

/** Keeps sent SMS in memory, as MemoryMailer keeps mail. */
export class MemorySms implements SmsGateway {
  readonly outboxDir = null;
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage) {
    this.sent.push(message);
  }
}

/** The messages the app has sent: from memory, or read back from its DATA_DIR/sms outbox. */
export function sentSms(app: FastifyInstance): SmsMessage[] {
  const sms = app.services.sms;
  if (sms instanceof MemorySms) return sms.sent;
  if (!sms.outboxDir || !fs.existsSync(sms.outboxDir)) return [];
  // File names start with the time they were written: sorted, the last is the newest.
  return fs
    .readdirSync(sms.outboxDir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => parseSmsFile(fs.readFileSync(path.join(sms.outboxDir!, name), 'utf8')));
}

/** The six digits of a code SMS. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code in the SMS: ${text}`);
  return match[1]!;
}

/** The code in the newest SMS to `phone`. */
export function latestCodeTo(app: FastifyInstance, phone: string): string {
  const message = sentSms(app).findLast((sms) => sms.to === phone);
  if (!message) throw new Error(`no SMS to ${phone}`);
  return codeIn(message.text);
}
