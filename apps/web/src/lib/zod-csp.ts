/**
 * Zod compiles a fast parser for object schemas with `new Function` when it can, and finds out
 * whether it can by trying once. The server's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') forbids it: the try fails quietly, but Chromium reports a CSP violation on every
 * page that builds a schema (Lighthouse's best-practices "issues" audit counts it). The app asks
 * zod never to try (`jitless`): the interpreted parser is the only one the policy allows anyway.
 *
 * Zod keeps its settings in `globalThis.__zod_globalConfig` (so that every copy of zod shares
 * them) and takes an object already there. Setting it here, rather than with zod's `config()`,
 * keeps zod out of the app's entry chunk (importing `config` pulls in 16 kB of zod's helpers);
 * zod-csp.test.ts checks that zod reads it. main.tsx imports this first, before any schema is built.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
