import { randomBytes } from 'node:crypto';
import { DOCUMENT_CODE_ALPHABET, DOCUMENT_CODE_LENGTH } from '@poisha/contracts';

/** 10 random characters of Crockford's base32: 50 bits, from the operating system's random source. */
export function newDocumentCode(): string {
  const bytes = randomBytes(DOCUMENT_CODE_LENGTH);
  // 256 is a multiple of 32, so taking each byte modulo 32 keeps every character equally likely.
  return Array.from(bytes, (byte) => DOCUMENT_CODE_ALPHABET[byte % 32]).join('');
}
