import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { settingNames } from './env.js';

const file = (relative: string) => fs.readFileSync(fileURLToPath(new URL(`../../../../${relative}`, import.meta.url)), 'utf8');

/** Settings a deployment must never carry: test-only switches (refused outside NODE_ENV=test anyway). */
const TEST_ONLY = new Set(['TEST_REQUEST_DELAY_MS']);

interface ComposeService {
  environment?: Record<string, string>;
  healthcheck?: unknown;
  build?: unknown;
}

describe('deploy/compose.yaml', () => {
  const compose = parse(file('deploy/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
  const apps = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

  it('runs two app instances from the Dockerfile, one PostgreSQL and Caddy', () => {
    expect(apps.map(([name]) => name).sort()).toEqual(['app1', 'app2']);
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'caddy', 'db']);
  });

  it('gives each instance exactly the settings the config schema reads', () => {
    const expected = settingNames.filter((name) => !TEST_ONLY.has(name)).sort();
    for (const [name, service] of apps) {
      expect(Object.keys(service.environment ?? {}).sort(), name).toEqual(expected);
    }
  });

  it('runs them in production, on PostgreSQL, behind the proxy, without the demo data', () => {
    for (const [, service] of apps) {
      expect(service.environment).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: 'true', SEED_DEMO_DATA: 'false' });
      expect(service.environment!.DATABASE_URL).toMatch(/^postgres:\/\/.*@db:5432\//);
      expect(service.environment!.PUBLIC_URL).toMatch(/^https:\/\//);
    }
  });

  it('the proxy and the image check the readiness probe', () => {
    expect(file('deploy/Caddyfile')).toContain('health_uri /api/health/ready');
    expect(file('Dockerfile')).toMatch(/HEALTHCHECK[^\n]*\n[^\n]*\/api\/health\/ready/);
    expect(file('Dockerfile')).toMatch(/^USER node$/m);
  });
});
