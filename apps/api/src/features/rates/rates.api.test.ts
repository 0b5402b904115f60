import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile({ env: { RATE_BDT_USD: '0.0085' } });

describe('GET /api/v1/rates', () => {
  it('answers the configured rate as an exact decimal string', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/rates' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ BDT: { USD: '0.0085' } });
  });

  it('defaults to 0.011 and refuses a rate that is not a positive decimal at start', () => {
    expect(loadConfig({}).RATE_BDT_USD).toBe('0.011');
    for (const rate of ['0', '-0.011', '1e-2', 'abc', '0.0000000001']) expect(() => loadConfig({ RATE_BDT_USD: rate })).toThrow(/RATE_BDT_USD/);
  });
});
