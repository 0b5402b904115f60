import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('has working defaults: port 3000, ./data, SQLite, development mail', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
  });

  it('limits sign-ups to 5 per address per hour and requires e-mail verification by default (issue 10, defect 5)', () => {
    expect(loadConfig({})).toMatchObject({ SIGNUP_RATE_LIMIT: 5, EMAIL_VERIFICATION: 'required' });
    expect(loadConfig({ SIGNUP_RATE_LIMIT: '0', EMAIL_VERIFICATION: 'off' })).toMatchObject({ SIGNUP_RATE_LIMIT: 0, EMAIL_VERIFICATION: 'off' });
  });

  it('follows PORT in the public URL and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '4100', DATABASE_URL: '', SMTP_URL: '' });
    expect(config.PUBLIC_URL).toBe('http://localhost:4100');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  const safeProduction = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.example:587',
    PUBLIC_URL: 'https://wallet.poisha.example',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    IDENTITY_HASH_SECRET: 'a-random-secret-of-thirty-two-characters-or-more',
    SMS_GATEWAY_URL: 'https://sms.poisha.example/send',
    SMS_GATEWAY_KEY: 'a-key-the-sms-gateway-gave',
    JOURNAL_SEAL_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };

  it('starts in production with a mail transport, an https address and the sandbox payments opted in, without the demo data', () => {
    const config = loadConfig(safeProduction);
    expect(config).toMatchObject({ SMTP_URL: 'smtp://mail.example:587', secureCookies: true, ALLOW_SANDBOX_PAYMENTS: true, SEED_DEMO_DATA: false });
    expect(loadConfig({ ...safeProduction, SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
  });

  it('seeds the demo data by default outside production', () => {
    expect(loadConfig({}).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
  });

  it('names every unsafe production setting at once', () => {
    const message = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' });
      } catch (error) {
        return (error as Error).message;
      }
      return 'started';
    })();
    expect(message.split('\n').slice(1)).toEqual([
      '  SMTP_URL: is required when NODE_ENV=production (smtp://user:pass@host:587)',
      '  SMS_GATEWAY_URL: must be the https:// address of the SMS gateway when NODE_ENV=production (https://sms.example.com/send)',
      '  SMS_GATEWAY_KEY: is required when NODE_ENV=production (the key the SMS gateway gave)',
      '  PUBLIC_URL: must be the https:// address people use when NODE_ENV=production (https://wallet.example.com)',
      expect.stringMatching(/^ {2}ALLOW_SANDBOX_PAYMENTS: the payment providers are sandboxes .* set ALLOW_SANDBOX_PAYMENTS=true/),
      '  JOURNAL_SEAL_KEY: is required when NODE_ENV=production (openssl genpkey -algorithm ed25519 -outform DER | base64 -w0)',
      '  IDENTITY_HASH_SECRET: is required when NODE_ENV=production (a random secret of 32+ characters: openssl rand -hex 32)',
      '  SEED_DEMO_DATA: must not be true when NODE_ENV=production (the demo password is public)',
    ]);
  });

  it('takes only an Ed25519 key to sign the seals, and only Ed25519 public keys to trust', () => {
    const ed25519 = generateKeyPairSync('ed25519');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const privateDer = (key: KeyObject) => key.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const publicDer = (key: KeyObject) => key.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(loadConfig({ JOURNAL_SEAL_KEY: privateDer(ed25519.privateKey) }).JOURNAL_SEAL_KEY).toBe(privateDer(ed25519.privateKey));
    expect(() => loadConfig({ JOURNAL_SEAL_KEY: privateDer(rsa.privateKey) })).toThrow(/JOURNAL_SEAL_KEY: must be base64 of an Ed25519 private key/);
    expect(() => loadConfig({ JOURNAL_SEAL_KEY: 'not a key' })).toThrow(/JOURNAL_SEAL_KEY/);
    expect(loadConfig({ JOURNAL_SEAL_TRUSTED_KEYS: `${publicDer(ed25519.publicKey)}, ${publicDer(generateKeyPairSync('ed25519').publicKey)}` }).JOURNAL_SEAL_TRUSTED_KEYS).toBeTruthy();
    expect(() => loadConfig({ JOURNAL_SEAL_TRUSTED_KEYS: publicDer(rsa.publicKey) })).toThrow(/JOURNAL_SEAL_TRUSTED_KEYS/);
    // Outside production a development key signs; it is public, so production refuses it.
    expect(() => loadConfig({ ...safeProduction, JOURNAL_SEAL_KEY: loadConfig({}).JOURNAL_SEAL_KEY })).toThrow(/JOURNAL_SEAL_KEY: must not be the development key/);
    expect(loadConfig({}).JOURNAL_SEAL_KEY).toMatch(/^[A-Za-z0-9+/=]+$/);
  });

  it('allows the test-only request delay in tests alone', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_REQUEST_DELAY_MS: '500' }).TEST_REQUEST_DELAY_MS).toBe(500);
    expect(loadConfig({}).TEST_REQUEST_DELAY_MS).toBe(0);
  });

  it('uses Secure cookies behind an https public URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://wallet.poisha.example/' });
    expect(config.PUBLIC_URL).toBe('https://wallet.poisha.example');
    expect(config.secureCookies).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL: must start with postgres://'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must start with smtp://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'production' }, 'SMTP_URL: is required when NODE_ENV=production'],
    [{ NODE_ENV: 'production', SMTP_URL: '' }, 'SMTP_URL: is required when NODE_ENV=production'],
    [{ SIGNUP_RATE_LIMIT: '-1' }, 'SIGNUP_RATE_LIMIT'],
    [{ EMAIL_VERIFICATION: 'maybe' }, 'EMAIL_VERIFICATION'],
    [{ ...safeProduction, SMTP_URL: '' }, 'SMTP_URL: is required when NODE_ENV=production'],
    [{ ...safeProduction, PUBLIC_URL: 'http://wallet.poisha.example' }, 'PUBLIC_URL: must be the https:// address'],
    [{ ...safeProduction, PUBLIC_URL: '' }, 'PUBLIC_URL: must be the https:// address'],
    [{ ...safeProduction, ALLOW_SANDBOX_PAYMENTS: 'false' }, 'ALLOW_SANDBOX_PAYMENTS: the payment providers are sandboxes'],
    [{ ...safeProduction, ALLOW_SANDBOX_PAYMENTS: '' }, 'ALLOW_SANDBOX_PAYMENTS'],
    // Production sends one-time codes to real phones (decision 0041): never to files.
    [{ ...safeProduction, SMS_GATEWAY_URL: '' }, 'SMS_GATEWAY_URL: must be the https:// address of the SMS gateway'],
    [{ ...safeProduction, SMS_GATEWAY_URL: 'http://sms.poisha.example/send' }, 'SMS_GATEWAY_URL: must be the https:// address of the SMS gateway'],
    [{ ...safeProduction, SMS_GATEWAY_KEY: '' }, 'SMS_GATEWAY_KEY: is required when NODE_ENV=production'],
    [{ SMS_GATEWAY_KEY: 'short' }, 'SMS_GATEWAY_KEY: must be at least 16 characters'],
    [{ SMS_GATEWAY_URL: 'not a url' }, 'SMS_GATEWAY_URL'],
    [{ ...safeProduction, SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA: must not be true when NODE_ENV=production'],
    [{ TEST_REQUEST_DELAY_MS: '100' }, 'TEST_REQUEST_DELAY_MS: is for tests only'],
    [{ ...safeProduction, TEST_REQUEST_DELAY_MS: '100' }, 'TEST_REQUEST_DELAY_MS: is for tests only'],
  ])('refuses %o with a message naming the setting', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
