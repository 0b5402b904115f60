/**
 * @zxcvbn-ts/language-en's dictionaries one by one (its index imports all of them, the 250 kB of
 * surnames too): each file's default export is its word list, or for wordSequences a set of lists.
 */
declare module '@zxcvbn-ts/language-en/dist/commonWords.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-en/dist/firstnames.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-en/dist/wikipedia.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs' {
  const sequences: Record<string, string[]>;
  export default sequences;
}
declare module '@zxcvbn-ts/language-en/dist/translations.mjs' {
  const translations: { warnings: Record<string, string>; suggestions: Record<string, string> };
  export default translations;
}
