import { messages, RESET_REQUESTED_MESSAGE } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import bnAuth from './bn/auth.json';
import bnCommon from './bn/common.json';
import bnDashboard from './bn/dashboard.json';
import bnPublic from './bn/public.json';
import bnValidation from './bn/validation.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enPublic from './en/public.json';

/** Every key path of a nested translation object, e.g. "login.title". */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('translations', () => {
  it.each([
    ['common', enCommon, bnCommon],
    ['auth', enAuth, bnAuth],
    ['dashboard', enDashboard, bnDashboard],
    ['public', enPublic, bnPublic],
  ])('Bangla has every %s text that English has', (_namespace, en, bn) => {
    expect(keys(bn).sort()).toEqual(keys(en).sort());
  });

  it('Bangla translates every message of the shared schemas', () => {
    const translated = new Set(Object.keys(bnValidation));
    const missing = [...Object.values(messages), RESET_REQUESTED_MESSAGE].filter((message) => !translated.has(message));
    expect(missing).toEqual([]);
  });
});
