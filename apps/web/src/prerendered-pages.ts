/**
 * The public pages the build prerenders (scripts/prerender.ts) and the server sends as static HTML
 * (apps/api/src/web/static-web.ts reads this list from dist/prerendered/pages.json): path → file name in dist/prerendered/<language>/.
 */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'index.html',
  '/aboutUs': 'aboutus.html',
  '/contactUs': 'contactus.html',
  '/login': 'login.html',
  '/signUp': 'signup.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
};

export const PRERENDERED_LANGUAGES = ['en', 'bn'] as const;
