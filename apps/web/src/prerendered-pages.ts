/**
 * The public pages the build prerenders (scripts/prerender.ts) and the server sends as static HTML
 * (apps/api/src/web/static-web.ts reads this list from dist/prerendered/pages.json): path → file name in dist/prerendered/<language>/.
 */
// Not /signUp: its phone field renders differently in the browser than in Node, and a page whose
// hydration fails is rendered again from scratch, dropping what the visitor typed meanwhile.
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'index.html',
  '/aboutUs': 'aboutus.html',
  '/contactUs': 'contactus.html',
  '/login': 'login.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
};

export const PRERENDERED_LANGUAGES = ['en', 'bn'] as const;
