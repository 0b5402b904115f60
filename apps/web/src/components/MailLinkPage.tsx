import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './ui/Alert';

/**
 * The token of a mailed link travels in the URL fragment (#token=…), which browsers never send to a
 * server. One longer than `maxLength` counts as none.
 */
export function tokenFromFragment(maxLength = Infinity): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  return token.length <= maxLength ? token : '';
}

/**
 * Uses a mailed link's token once, as the page opens: a query, not an effect, so it runs once per
 * token, even under StrictMode's double render. Nothing runs without a token.
 */
export function useLinkTokenOnce(name: string, token: string, spend: (token: string) => Promise<unknown>) {
  return useQuery({
    queryKey: [name, token],
    queryFn: async () => {
      await spend(token);
      return true;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * A page a mailed link opens (an address verified or confirmed, a session ended), signed in or
 * not: its title and heading, and the sentence for a link that came without its token.
 */
export function MailLinkPage({ pageTitle, title, token, missing, children }: { pageTitle: string; title: string; token: string; missing: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <title>{pageTitle}</title>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6 space-y-6">
        {!token && <Alert tone="error">{missing}</Alert>}
        {children}
      </div>
    </div>
  );
}
