// The types of language-en's files one by one, for every project that compiles this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./zxcvbn-en-parts.d.ts" />
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import commonWords from '@zxcvbn-ts/language-en/dist/commonWords.json.mjs';
import firstnames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import englishTranslations from '@zxcvbn-ts/language-en/dist/translations.mjs';
import wikipedia from '@zxcvbn-ts/language-en/dist/wikipedia.json.mjs';
import wordSequences from '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs';
import type { PasswordEstimator } from './password-strength.js';

/**
 * zxcvbn-ts with the common passwords, diceware words and keyboard patterns (language-common), and
 * English words, first names, Wikipedia words and word sequences (language-en). Heavy (about 0.5 MB
 * compressed; building it takes a few hundred milliseconds): the server builds it at the first
 * password it judges, the web app in a worker on the forms that set a password. language-en's US
 * surnames are left out (250 kB compressed, little use against Bangladeshi users; the person's own
 * name is a user input), which is why its files are imported one by one. Feedback comes as keys;
 * each side words them itself.
 */
/** How much of a password is judged: a strong start makes the whole strong. */
export const JUDGED_LENGTH = 64;

export function createPasswordEstimator(): PasswordEstimator {
  return new ZxcvbnFactory({
    dictionary: { ...commonDictionary, 'commonWords-en': commonWords, 'firstnames-en': firstnames, 'wikipedia-en': wikipedia, ...wordSequences },
    graphs: adjacencyGraphs,
    // Bounds the work per password (the server judges it on its event loop): without them a crafted
    // 128-character password took over 5 s. The first 64 characters are judged, with at most 10 l33t
    // substitutions (the library's default is 100).
    maxLength: JUDGED_LENGTH,
    l33tMaxSubstitutions: 10,
  });
}

/** The English wording of the feedback keys (the server's messages). */
export const englishPasswordFeedback = englishTranslations;
