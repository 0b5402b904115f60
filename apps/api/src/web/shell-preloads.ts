import fs from 'node:fs';
import path from 'node:path';

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here: each source's output and static imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

export function readBuildManifest(dir: string): BuildManifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

/**
 * The modules a signed-in page's first screen runs, besides the entry (apps/web/src/app/router.tsx
 * preloads the same ones once the app has started): the dashboard's layout, the home on /dashboard,
 * and the texts they show (lib/i18n.ts: the startup and the dashboard shell's namespaces).
 */
const SIGNED_IN_SHELL = ['src/app/layouts/DashboardLayout.tsx'];
const DASHBOARD_HOME = 'src/app/dashboard/DashboardHome.tsx';
const FIRST_SCREEN_TEXTS = ['common', 'public', 'dashboard', 'validation'];

/**
 * `<link rel="modulepreload">` for every script of a signed-in page's first screen, with their
 * static imports: the browser fetches them all with the page, where it found them one hop after the
 * other (the entry, then the app, then the layout and the home, then the texts): on a phone's slow
 * network each hop is a round trip before the first paint (decision 0039).
 */
export function signedInPreloads(manifest: BuildManifest | null, pathname: string, language: string): string {
  if (!manifest) return '';
  const isHome = /^\/dashboard\/?$/i.test(pathname);
  // The links depend only on the build, the page (home or not) and the language: worked out once each.
  let linksOf = preloadsByBuild.get(manifest);
  if (!linksOf) preloadsByBuild.set(manifest, (linksOf = new Map()));
  const key = `${isHome}:${language}`;
  let links = linksOf.get(key);
  if (links === undefined) linksOf.set(key, (links = preloadLinks(manifest, isHome, language)));
  return links;
}

const preloadsByBuild = new WeakMap<BuildManifest, Map<string, string>>();

function preloadLinks(manifest: BuildManifest, isHome: boolean, language: string): string {
  const sources = [...SIGNED_IN_SHELL, ...(isHome ? [DASHBOARD_HOME] : []), ...FIRST_SCREEN_TEXTS.map((namespace) => `src/locales/${language}/${namespace}.json`)];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // index.html is the page itself: its entry script is already in it.
    if (key === 'index.html' || !chunk || !chunk.file.endsWith('.js') || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}
