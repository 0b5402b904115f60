import fs from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { commonPasswordLines, listFile, listModule } from './make-common-passwords.js';

describe('the common-password list the contracts ship', () => {
  it("is the installed zxcvbn-ts list's passwords of 8 characters or more (run scripts/make-common-passwords.ts after an upgrade)", () => {
    expect(fs.readFileSync(listFile, 'utf8')).toBe(listModule(commonPasswordLines(dictionary['passwords-common'])));
  });

  it('keeps each password once, lower-cased, and drops the ones the length rule refuses anyway', () => {
    expect(commonPasswordLines(['password1', 'PASSWORD1', 'short', 'Qwertyuiop', '1234567'])).toBe('password1\nqwertyuiop');
  });
});
