import { errorBodySchema } from '@poisha/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, parseErrorBody } from './api-client';

describe('api-client', () => {
  it('reads an error body exactly as the contract’s schema does', () => {
    const samples: unknown[] = [
      { error: { code: 'unauthenticated', message: 'Sign in first' } },
      { error: { code: 'validation_failed', message: 'Some fields are not valid', fields: { email: 'Enter a valid email' } } },
      { error: { code: 'validation_failed', message: 'x', fields: {} } },
      { error: { code: 'x', message: 'y', extra: true }, other: 1 },
      { error: { code: 'x', message: 'y', fields: { amount: 5 } } },
      { error: { code: 'x', message: 'y', fields: ['a'] } },
      { error: { code: 'x', message: 'y', fields: null } },
      { error: { code: 1, message: 'y' } },
      { error: { code: 'x' } },
      { error: 'x' },
      { error: null },
      { message: 'no error key' },
      [],
      'text',
      null,
      undefined,
    ];
    for (const sample of samples) {
      const expected = errorBodySchema.safeParse(sample);
      expect(parseErrorBody(sample), JSON.stringify(sample)).toEqual(expected.success ? expected.data.error : null);
    }
  });

  describe('the CSRF header', () => {
    afterEach(() => vi.unstubAllGlobals());

    const sentHeader = async (cookie: string) => {
      const fetch = vi.fn(async () => new Response(null, { status: 204 }));
      vi.stubGlobal('fetch', fetch);
      vi.stubGlobal('document', { cookie });
      vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
      await apiRequest('/auth/logout', { method: 'POST' });
      const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
      return (init.headers as Record<string, string>)['x-csrf-token'];
    };

    it('echoes the __Host- cookie an HTTPS deployment sets', async () => {
      expect(await sentHeader('theme=dark; __Host-poisha_csrf=from-https')).toBe('from-https');
    });

    it('echoes the plain cookie of an HTTP deployment', async () => {
      expect(await sentHeader('poisha_csrf=from-http; theme=dark')).toBe('from-http');
    });
  });
});
