import { createPrivateKey, createPublicKey } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** Whether a text is base64 of an Ed25519 private key in PKCS #8 DER (the journal's seal key). */
function isSealPrivateKey(text: string): boolean {
  try {
    return createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' }).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

/** Whether a text is base64 of an Ed25519 public key in SPKI DER. */
function isSealPublicKey(text: string): boolean {
  try {
    return createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' }).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

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
  /**
   * Where passkeys are used, when not PUBLIC_URL (decision 0045): its host name is the WebAuthn
   * relying party, which cannot be an IP address.
   */
  PASSKEY_ORIGIN: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /**
   * The HTTP gateway SMS go through (one-time codes): `POST` of `{ to, text }` as JSON with
   * `Authorization: Bearer <SMS_GATEWAY_KEY>`. Unset: SMS are written under DATA_DIR/sms (development).
   */
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_KEY: z.string().min(16, 'must be at least 16 characters (the key the gateway gave)').max(500).optional(),
  MAIL_FROM: z.string().min(3).default('Poisha <no-reply@poisha.example>'),
  SUPPORT_EMAIL: z.email().default('support@poisha.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  /** Create the demo user at start. Unset: yes, except in production, where it is refused. */
  SEED_DEMO_DATA: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Sign-ups allowed from one client address per hour; 0 turns the limit off (load tests). */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(5),
  /**
   * `required`: the welcome bonus is credited once the address is verified through the link mailed
   * at sign-up and the phone number proven by its SMS code. `off`: once the phone number is proven
   * (load tests and demos; decision 0041).
   */
  EMAIL_VERIFICATION: z.enum(['required', 'off']).default('required'),
  /**
   * The key of the hashes that remember which e-mail addresses and phone numbers had the welcome
   * bonus (HMAC-SHA256). Required in production; never change it, or every address can claim again.
   */
  IDENTITY_HASH_SECRET: z.string().min(32, 'must be at least 32 characters (a random secret)').max(200).optional(),
  /**
   * The Ed25519 private key that signs the journal's seals (decision 0048), as base64 of its PKCS #8
   * DER (`openssl genpkey -algorithm ed25519 -outform DER | base64 -w0`). Required in production;
   * keep it outside the database, or whoever can rewrite the journal can also sign it.
   */
  JOURNAL_SEAL_KEY: z.string().max(200).refine(isSealPrivateKey, 'must be base64 of an Ed25519 private key in PKCS #8 DER').optional(),
  /** Earlier seal keys' public halves (base64 SPKI DER, comma-separated): seals they signed still verify after a key change. */
  JOURNAL_SEAL_TRUSTED_KEYS: z
    .string()
    .max(4000)
    .refine((keys) => keys.split(',').every((key) => isSealPublicKey(key.trim())), 'must be base64 Ed25519 public keys in SPKI DER, separated by commas')
    .optional(),
  /** Seconds between seals of the journal; 0 turns the sealer off (an instance that only serves reads, tests). */
  JOURNAL_SEAL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Which card provider takes card payments. Only the built-in sandbox ships today. */
  CARD_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * The bank and PayPal connectors are sandboxes too: in production they would credit wallets with
   * money nobody paid. Production starts with them only when this says so (a demo or pilot).
   */
  ALLOW_SANDBOX_PAYMENTS: booleanFlag.default(false),
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
  /**
   * Tests only: every POST under /api/v1 waits this long before its handler runs, so a test can
   * hold a transfer in flight (graceful shutdown). Refused unless NODE_ENV=test.
   */
  TEST_REQUEST_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
}).superRefine((settings, context) => {
  for (const problem of unsafeSettings(settings)) context.addIssue({ code: 'custom', ...problem });
});

type Settings = z.infer<typeof envSchema>;

/**
 * Settings that are fine on a laptop and dangerous in front of real users. Each is named, so an
 * operator fixes them all at once.
 */
export function unsafeSettings(settings: Settings): Array<{ path: [keyof Settings]; message: string }> {
  const problems: Array<{ path: [keyof Settings]; message: string }> = [];
  if (settings.TEST_REQUEST_DELAY_MS > 0 && settings.NODE_ENV !== 'test') {
    problems.push({ path: ['TEST_REQUEST_DELAY_MS'], message: 'is for tests only (NODE_ENV=test)' });
  }
  if (settings.NODE_ENV !== 'production') return problems;
  // Without a transport, mail (live password reset links) would go to the log and DATA_DIR/mail.
  if (!settings.SMTP_URL) {
    problems.push({ path: ['SMTP_URL'], message: 'is required when NODE_ENV=production (smtp://user:pass@host:587)' });
  }
  // Without a gateway, SMS (live one-time codes) would go to DATA_DIR/sms instead of the phones.
  if (!settings.SMS_GATEWAY_URL?.startsWith('https://')) {
    problems.push({ path: ['SMS_GATEWAY_URL'], message: 'must be the https:// address of the SMS gateway when NODE_ENV=production (https://sms.example.com/send)' });
  }
  if (!settings.SMS_GATEWAY_KEY) {
    problems.push({ path: ['SMS_GATEWAY_KEY'], message: 'is required when NODE_ENV=production (the key the SMS gateway gave)' });
  }
  // Links in mail point here, and only https makes the session cookies Secure.
  if (!settings.PUBLIC_URL?.startsWith('https://')) {
    problems.push({ path: ['PUBLIC_URL'], message: 'must be the https:// address people use when NODE_ENV=production (https://wallet.example.com)' });
  }
  if (settings.PASSKEY_ORIGIN !== undefined && !settings.PASSKEY_ORIGIN.startsWith('https://')) {
    problems.push({ path: ['PASSKEY_ORIGIN'], message: 'must be an https:// address when NODE_ENV=production (or unset: PUBLIC_URL)' });
  }
  if (!settings.ALLOW_SANDBOX_PAYMENTS) {
    problems.push({
      path: ['ALLOW_SANDBOX_PAYMENTS'],
      message: `the payment providers are sandboxes (card: ${settings.CARD_PROVIDER}, bank and PayPal: sandbox) that add money nobody paid; set ALLOW_SANDBOX_PAYMENTS=true to run production with them anyway`,
    });
  }
  if (!settings.JOURNAL_SEAL_KEY) {
    problems.push({ path: ['JOURNAL_SEAL_KEY'], message: 'is required when NODE_ENV=production (openssl genpkey -algorithm ed25519 -outform DER | base64 -w0)' });
  } else if (settings.JOURNAL_SEAL_KEY === DEVELOPMENT_JOURNAL_SEAL_KEY) {
    problems.push({ path: ['JOURNAL_SEAL_KEY'], message: 'must not be the development key when NODE_ENV=production (it is public)' });
  }
  if (!settings.IDENTITY_HASH_SECRET) {
    problems.push({ path: ['IDENTITY_HASH_SECRET'], message: 'is required when NODE_ENV=production (a random secret of 32+ characters: openssl rand -hex 32)' });
  }
  // The demo user's password is in the README.
  if (settings.SEED_DEMO_DATA === true) {
    problems.push({ path: ['SEED_DEMO_DATA'], message: 'must not be true when NODE_ENV=production (the demo password is public)' });
  }
  return problems;
}

/** Outside production only: hashes made with it are worth nothing as a secret. */
const DEVELOPMENT_IDENTITY_HASH_SECRET = 'poisha-development-identity-hash-secret-not-for-production';

/** Outside production only: seals signed with it prove nothing, since the key is public. */
const DEVELOPMENT_JOURNAL_SEAL_KEY = 'MC4CAQAwBQYDK2VwBCIEIHiqVeGsC8R5aIIRYm5UXsfGVnrcCxwvGe5ybDwirbD6';

export type Config = Omit<Settings, 'PUBLIC_URL' | 'PASSKEY_ORIGIN' | 'DATA_DIR' | 'SEED_DEMO_DATA' | 'IDENTITY_HASH_SECRET' | 'JOURNAL_SEAL_KEY'> & {
  IDENTITY_HASH_SECRET: string;
  JOURNAL_SEAL_KEY: string;
  DATA_DIR: string;
  SEED_DEMO_DATA: boolean;
  PUBLIC_URL: string;
  /** The origin passkeys are made and used on: PASSKEY_ORIGIN, or PUBLIC_URL's. */
  PASSKEY_ORIGIN: string;
  /** Behind HTTPS the session cookie must be Secure. */
  secureCookies: boolean;
};

export class ConfigError extends Error {}

/** The names of every setting the server reads (compose files and docs are checked against it). */
export const settingNames = Object.keys(envSchema.shape) as Array<keyof Settings>;

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
    SEED_DEMO_DATA: settings.SEED_DEMO_DATA ?? settings.NODE_ENV !== 'production',
    PUBLIC_URL: publicUrl,
    PASSKEY_ORIGIN: new URL(settings.PASSKEY_ORIGIN ?? publicUrl).origin,
    IDENTITY_HASH_SECRET: settings.IDENTITY_HASH_SECRET ?? DEVELOPMENT_IDENTITY_HASH_SECRET,
    JOURNAL_SEAL_KEY: settings.JOURNAL_SEAL_KEY ?? DEVELOPMENT_JOURNAL_SEAL_KEY,
    secureCookies: publicUrl.startsWith('https://'),
  };
}
