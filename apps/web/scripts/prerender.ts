/**
 * Prerenders the public pages to static HTML after `vite build`, in English and Bangla:
 * dist/prerendered/<language>/<page>.html, the built index.html with the page's markup in #root
 * (marked data-prerendered="<language>" for boot.ts and main.tsx), the page's title and lang.
 * The server sends these files for those paths (apps/api/src/web/static-web.ts); the page is then
 * readable before any script runs, and the app hydrates it.
 *
 *   vite build && vite build --ssr src/prerender-entry.tsx --outDir .prerender && node --import tsx scripts/prerender.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as PrerenderEntry from '../src/prerender-entry';
import { PRERENDERED_LANGUAGES, PRERENDERED_PAGES } from '../src/prerendered-pages';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// npm run build passes the build's own folder (scripts/start/web-build-switch.ts).
const dist = process.env.WEB_BUILD_OUT_DIR ?? path.join(webRoot, 'dist');
const ssrEntry = path.join(webRoot, '.prerender', 'prerender-entry.js');

// The query client reads navigator.onLine when it is made (lib/online.ts). Node 20 had no navigator,
// and Node 24's has no onLine (undefined: offline, to TanStack Query). Online and English, as in a browser.
Object.defineProperty(globalThis, 'navigator', { value: { onLine: true, languages: ['en'] }, configurable: true });

const { renderPage } = (await import(pathToFileURL(ssrEntry).href)) as typeof PrerenderEntry;
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
// index.html's #root holds the loading top bar between these markers; a prerendered page replaces it.
const ROOT_WITH_SHELL = /<div id="root"><!--shell-->[\s\S]*?<!--\/shell--><\/div>/;
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

for (const language of PRERENDERED_LANGUAGES) {
  const folder = path.join(dist, 'prerendered', language);
  fs.mkdirSync(folder, { recursive: true });
  for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
    let markup = await renderPage(pathname, language);
    // React writes the page's <title> with its markup; it belongs in the head, in place of the shell's.
    let title = 'Poisha';
    markup = markup.replace(/<title>([^<]*)<\/title>/, (_whole, text: string) => {
      title = text;
      return '';
    });
    if (!markup.includes('<h1')) throw new Error(`${language} ${pathname}: the prerendered page has no heading`);
    const html = template
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
      .replace(ROOT_WITH_SHELL, `<div id="root" data-prerendered="${language}">${markup}</div>`);
    if (!html.includes(`data-prerendered="${language}"`)) throw new Error('dist/index.html has no <div id="root"><!--shell-->…<!--/shell--></div> to fill');
    fs.writeFileSync(path.join(folder, file), html);
    process.stdout.write(`prerendered ${language} ${pathname} -> ${path.relative(webRoot, path.join(folder, file))}\n`);
  }
}
// The server reads which paths have a prerendered page from here.
fs.writeFileSync(path.join(dist, 'prerendered', 'pages.json'), `${JSON.stringify({ languages: PRERENDERED_LANGUAGES, pages: PRERENDERED_PAGES }, null, 2)}\n`);
fs.rmSync(path.join(webRoot, '.prerender'), { recursive: true, force: true });
// The prerender is a one-off Node process: its i18n and query timers must not keep it alive.
process.exit(0);
