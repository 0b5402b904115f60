import type { RateLimit } from '../../core/rate-limit/rate-limit-policy.js';

/** Document codes are 50 random bits; 30 tries a minute per address makes guessing one hopeless. */
export const verifyLimit: RateLimit = { name: 'verify:address', max: 30, windowMs: 60_000 };
