import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

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

/**
 * Sends mail through SMTP when `SMTP_URL` is set. Otherwise each message is written as an .eml
 * file under `<DATA_DIR>/mail` and its links are logged, so a developer can follow a reset link
 * without a mail server.
 */
export function createMailer({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      outboxDir: null,
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ subject: message.subject }, 'mail sent');
      },
    };
  }

  const outboxDir = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(message) {
      const { message: eml } = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${crypto.randomUUID()}.eml`);
      await fs.writeFile(file, eml as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ file, subject: message.subject, links }, 'development mail written (no SMTP_URL set)');
    },
  };
}
