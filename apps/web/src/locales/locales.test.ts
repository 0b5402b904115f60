import { messages, PAYMENT_PIN_TRIES, passkeyMessages, paymentPinMessages, RESET_REQUESTED_MESSAGE, wrongPinMessage } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import bnValidation from './bn/validation.json';

type Tree = { [key: string]: string | Tree };

/** Every translation file of each language, by namespace (the file name): new namespaces are checked too. */
function namespaces(files: Record<string, { default: Tree }>): Map<string, Tree> {
  return new Map(Object.entries(files).map(([path, file]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), file.default]));
}
const en = namespaces(import.meta.glob<{ default: Tree }>('./en/*.json', { eager: true }));
const bn = namespaces(import.meta.glob<{ default: Tree }>('./bn/*.json', { eager: true }));

/**
 * "validation" is keyed by the English sentence itself (an API or schema message), so its English
 * file is empty on purpose: English shows the key. It is checked on its own below.
 */
const KEYED_BY_ENGLISH = 'validation';

/** Every key path of a nested translation object with its text, e.g. "login.title". */
function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' ? entries(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, string]]));
}

/** The {{placeholders}} of a text, sorted: a translation must keep every one of them. */
const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('has the same namespaces in English and Bangla', () => {
    expect([...bn.keys()].sort()).toEqual([...en.keys()].sort());
    expect(en.size).toBeGreaterThanOrEqual(9);
  });

  const shared = [...en.keys()].filter((namespace) => namespace !== KEYED_BY_ENGLISH && bn.has(namespace)).sort();

  it.each(shared)('Bangla has every %s text that English has, and no other', (namespace) => {
    const english = entries(en.get(namespace) ?? {}).map(([key]) => key);
    const bangla = entries(bn.get(namespace) ?? {}).map(([key]) => key);
    expect(bangla.filter((key) => !english.includes(key)), 'keys only in Bangla').toEqual([]);
    expect(english.filter((key) => !bangla.includes(key)), 'keys missing in Bangla').toEqual([]);
  });

  it.each(shared)('every %s text is written, with the same placeholders in both languages', (namespace) => {
    const bangla = new Map(entries(bn.get(namespace) ?? {}));
    const problems = entries(en.get(namespace) ?? {}).flatMap(([key, text]) => {
      const translated = bangla.get(key);
      if (translated === undefined) return [];
      if (!text.trim() || !translated.trim()) return [`${key}: empty`];
      return placeholders(text).join() === placeholders(translated).join() ? [] : [`${key}: {{${placeholders(text).join(', ')}}} in English, {{${placeholders(translated).join(', ')}}} in Bangla`];
    });
    expect(problems).toEqual([]);
  });

  it('translates every validation sentence into Bangla, keeping its placeholders', () => {
    const validation = entries(bn.get(KEYED_BY_ENGLISH) ?? {});
    expect(validation.length).toBeGreaterThan(0);
    expect(entries(en.get(KEYED_BY_ENGLISH) ?? {}).filter(([key]) => !validation.some(([known]) => known === key))).toEqual([]);
    const problems = validation.filter(([sentence, translated]) => !translated.trim() || placeholders(sentence).join() !== placeholders(translated).join());
    expect(problems).toEqual([]);
  });

  it('Bangla translates every message of the shared schemas', () => {
    const translated = new Set(Object.keys(bnValidation));
    const missing = [...Object.values(messages), RESET_REQUESTED_MESSAGE].filter((message) => !translated.has(message));
    expect(missing).toEqual([]);
  });

  it('Bangla translates every payment PIN message, and each wrong PIN sentence with its tries left', () => {
    const translated = new Set(Object.keys(bnValidation));
    // After the last try payments are blocked: the sentences say 1 to PAYMENT_PIN_TRIES - 1 tries.
    const wrongPins = Array.from({ length: PAYMENT_PIN_TRIES - 1 }, (_, index) => wrongPinMessage(index + 1));
    expect(wrongPins).toContain('This PIN is not right. 1 try is left before payments are blocked.');
    expect([...Object.values(paymentPinMessages), ...wrongPins].filter((message) => !translated.has(message))).toEqual([]);
  });

  it('Bangla translates every passkey message (decision 0045)', () => {
    const translated = new Set(Object.keys(bnValidation));
    expect(Object.values(passkeyMessages).filter((message) => !translated.has(message))).toEqual([]);
  });
});
