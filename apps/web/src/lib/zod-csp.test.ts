import { describe, expect, it } from 'vitest';

describe('zod-csp', () => {
  it('makes zod skip its new Function probe, which a CSP without unsafe-eval reports as a violation', async () => {
    await import('./zod-csp');
    const { config, util } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    // Without the setting zod probes with new Function, which Node allows: true.
    expect(util.allowsEval.value).toBe(false);
    // Schemas still parse, with the interpreted parser.
    const { z } = await import('zod');
    expect(z.object({ amount: z.number().int() }).safeParse({ amount: 1.5 }).success).toBe(false);
  });
});
