import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every setting the server reads, parsed once at start. The type of `Config` comes from this
 * schema, so the two cannot drift apart. `.env.example` documents each of them.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for SQLite)')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Poisha <no-reply@poisha.example>'),
  SUPPORT_EMAIL: z.email().default('support@poisha.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  SEED_DEMO_DATA: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().optional(),
  /** Sign-ups allowed from one client address per hour; 0 turns the limit off (load tests). */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(5),
  /**
   * `required`: the welcome bonus is credited once the address is verified through the link mailed
   * at sign-up. `off`: credited at sign-up (load tests and demos).
   */
  EMAIL_VERIFICATION: z.enum(['required', 'off']).default('required'),
  /** Which card provider takes card payments. Only the built-in sandbox ships today. */
  CARD_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** USD bought by one BDT, for the currency converter: a plain decimal, never a float. */
  RATE_BDT_USD: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,9})?$/, 'must be a decimal such as 0.011')
    .refine((rate) => /[1-9]/.test(rate), 'must be more than 0')
    .default('0.011'),
  /** Bearer token that `GET /metrics` asks for; unset, the endpoint answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (a random secret)').max(200).optional(),
  /** The help line the FAQs and support pages give, in E.164. */
  HELP_LINE_PHONE: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an international number such as +8809612345678')
    .default('+8809612345678'),
}).superRefine((settings, context) => {
  // Without a transport, mail (live password reset links) would go to the log and DATA_DIR/mail.
  if (settings.NODE_ENV === 'production' && !settings.SMTP_URL) {
    context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when NODE_ENV=production (smtp://user:pass@host:587)' });
  }
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'DATA_DIR'> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  /** Behind HTTPS the session cookie must be Secure. */
  secureCookies: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment settings:\n${problems.join('\n')}`);
  }
  const settings = parsed.data;
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, '');
  return {
    ...settings,
    DATA_DIR: path.resolve(settings.DATA_DIR),
    PUBLIC_URL: publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
  };
}
