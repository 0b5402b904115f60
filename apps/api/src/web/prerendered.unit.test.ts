import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageLanguage, readPrerenderedPages } from './prerendered.js';

describe('pageLanguage: the language of the prerendered page the server sends', () => {
  it('follows the saved choice first', () => {
    expect(pageLanguage('en', 'bn-BD,bn;q=0.9')).toBe('en');
    expect(pageLanguage('bn', 'en-US')).toBe('bn');
  });

  it('without a choice, picks Bangla when the browser lists any Bangla, as the app does', () => {
    expect(pageLanguage(undefined, 'en-US,en;q=0.9,bn;q=0.5')).toBe('bn');
    expect(pageLanguage(undefined, 'BN')).toBe('bn');
    expect(pageLanguage(undefined, 'en-GB,fr')).toBe('en');
    expect(pageLanguage(undefined, undefined)).toBe('en');
  });

  it('ignores a cookie that names no language of the app', () => {
    expect(pageLanguage('fr', 'bn')).toBe('bn');
    expect(pageLanguage('../../etc', undefined)).toBe('en');
  });
});

describe('readPrerenderedPages', () => {
  it('maps paths case-insensitively, with or without a trailing slash, and nothing else', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-prerendered-'));
    fs.mkdirSync(path.join(dist, 'prerendered'));
    fs.writeFileSync(path.join(dist, 'prerendered', 'pages.json'), JSON.stringify({ languages: ['en', 'bn'], pages: { '/': 'index.html', '/aboutUs': 'aboutus.html' } }));
    const pages = readPrerenderedPages(dist);
    expect(pages?.fileFor('/', 'en')).toBe(path.join('prerendered', 'en', 'index.html'));
    expect(pages?.fileFor('/aboutus/', 'bn')).toBe(path.join('prerendered', 'bn', 'aboutus.html'));
    expect(pages?.fileFor('/ABOUTUS', 'en')).toBe(path.join('prerendered', 'en', 'aboutus.html'));
    expect(pages?.fileFor('/dashboard', 'en')).toBeNull();
    expect(pages?.fileFor('/', 'fr')).toBeNull();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is null when the build prerendered nothing', () => {
    expect(readPrerenderedPages(fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-prerendered-')))).toBeNull();
  });
});
