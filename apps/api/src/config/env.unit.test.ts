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

  it('starts in production with a mail transport', () => {
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).SMTP_URL).toBe('smtp://mail.example:587');
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
  ])('refuses %o with a message naming the setting', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
