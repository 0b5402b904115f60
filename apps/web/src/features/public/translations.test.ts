import { describe, expect, it } from 'vitest';
import bnLegal from '../../locales/bn/legal.json';
import enLegal from '../../locales/en/legal.json';

/** Every key path of a nested translation object; array items count as keys ("terms.paragraphs.0"). */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('legal translations', () => {
  it('Bangla has every paragraph of the terms and the privacy policy that English has', () => {
    expect(keys(bnLegal).sort()).toEqual(keys(enLegal).sort());
  });
});
