import { describe, expect, it } from 'vitest';
import bnCommon from '../locales/bn/common.json';
import enCommon from '../locales/en/common.json';
import { errorMessageKeys } from './error-messages';

const has = (texts: { errors: Record<string, string> }, key: string) => key.replace(/^errors\./, '') in texts.errors;

describe('error messages by code', () => {
  it('every code’s key has a text in English and in Bangla', () => {
    expect(errorMessageKeys.filter((key) => !has(enCommon, key))).toEqual([]);
    expect(errorMessageKeys.filter((key) => !has(bnCommon, key))).toEqual([]);
  });
});
