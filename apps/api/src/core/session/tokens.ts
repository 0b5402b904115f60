import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A secret for a session or a reset link: 256 random bits, URL-safe. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so the database never holds a usable credential. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
