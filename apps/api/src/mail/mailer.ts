import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../core/load-on-first-use.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where development mail is written, when there is no SMTP server. */
  readonly outboxDir: string | null;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

/** nodemailer is loaded with the first mail, not with the server (see onFirstUse). */
function transportOnFirstUse(options: string | { streamTransport: true; buffer: true; newline: 'unix' }): () => Promise<Transporter<{ message: unknown }>> {
  return onFirstUse(async () => (await import('nodemailer')).default.createTransport(options as string) as Transporter<{ message: unknown }>);
}

/**
 * Sends mail through SMTP when `SMTP_URL` is set. Otherwise each message is written as an .eml
 * file under `<DATA_DIR>/mail` and its links are logged, so a developer can follow a reset link
 * without a mail server.
 */
export function createMailer({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = transportOnFirstUse(smtpUrl);
    return {
      outboxDir: null,
      async send(message) {
        await (await transport()).sendMail({ from, ...message });
        log.info({ subject: message.subject }, 'mail sent');
      },
    };
  }

  const outboxDir = path.join(dataDir, 'mail');
  const transport = transportOnFirstUse({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(message) {
      const { message: eml } = await (await transport()).sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${crypto.randomUUID()}.eml`);
      await fs.writeFile(file, eml as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ file, subject: message.subject, links }, 'development mail written (no SMTP_URL set)');
    },
  };
}
