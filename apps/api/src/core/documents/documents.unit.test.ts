import { displayDocumentCode, normalizeDocumentCode } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { newDocumentCode } from './document-code.js';
import { maskName } from './documents.js';

describe('document codes', () => {
  it('are 10 characters of Crockford base32, different every time', () => {
    const codes = Array.from({ length: 2000 }, newDocumentCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up: no bias that drops one.
    expect(new Set(codes.join('')).size).toBe(32);
  });

  it('are read back however they were typed', () => {
    expect(displayDocumentCode('7K3QDXM92P')).toBe('7K3QD-XM92P');
    expect(normalizeDocumentCode(' 7k3qd-xm92p ')).toBe('7K3QDXM92P');
    expect(normalizeDocumentCode('7K3QD XM92P')).toBe('7K3QDXM92P');
    // Crockford: I and L are 1, O is 0.
    expect(normalizeDocumentCode('ILO00-00000')).toBe('1100000000');
    expect(normalizeDocumentCode('7K3QD-XM92')).toBeNull();
    expect(normalizeDocumentCode('UUUUU-UUUUU')).toBeNull();
    expect(normalizeDocumentCode('7K3QD-XM92P-1')).toBeNull();
  });
});

describe('maskName', () => {
  it('keeps the first letter of each word', () => {
    expect(maskName('Rahim Uddin')).toBe('R**** U****');
    expect(maskName('  Anika   Rahman ')).toBe('A**** R*****');
    expect(maskName('রহিম')).toBe('র***');
  });
});
