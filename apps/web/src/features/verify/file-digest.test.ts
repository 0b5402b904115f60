import { describe, expect, it } from 'vitest';
import { sha256OfFile } from './file-digest';

describe('sha256OfFile', () => {
  it('gives the SHA-256 of the bytes in lowercase hex', async () => {
    expect(await sha256OfFile(new Blob(['abc']))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
