import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EARLY_SUBMIT_SCRIPT } from './early-submit.js';

const indexHtml = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html');

describe('the early-submit script the content security policy allows by its hash', () => {
  it('is the inline script of the web app’s page, character for character, and its only one', () => {
    const html = fs.readFileSync(indexHtml, 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toEqual([EARLY_SUBMIT_SCRIPT]);
  });
});
