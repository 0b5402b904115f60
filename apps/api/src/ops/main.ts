import fs from 'node:fs';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { createMailer } from '../mail/mailer.js';
import { OPS_HELP, runOps } from './ops.js';

/** `npm run ops -- <command>`: the operator tool, on the database and mail settings the server uses. */
async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h') || argv.length === 0) {
    process.stdout.write(`${OPS_HELP}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  // As the server: settings already in the environment win over the .env file.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL }, pino.destination(2));
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    // The tool reads and writes what the server's schema holds: it never migrates on its own.
    const pending = await pendingMigrations(db);
    if (pending.length > 0) {
      process.stderr.write(`The database at ${config.DATABASE_URL ? 'DATABASE_URL' : config.DATA_DIR} is not migrated (${pending.length} migration(s) pending); start the server once, which migrates it.\n`);
      return 1;
    }
    return await runOps(argv, {
      db,
      config,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log }),
      log,
      defaultOperator: process.env.OPS_OPERATOR,
      now: Date.now,
      readStdin,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await db.close();
  }
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Type the answer, then Ctrl-D:\n');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
