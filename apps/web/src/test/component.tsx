import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import i18n, { startupTextsLoaded } from '../lib/i18n';

/*
 * What the component tests share: the hooks of a test file, an API answer, the page's language, a
 * component rendered with its own query client, and jsdom's <dialog> made to open.
 */

/** A JSON answer as the API gives it (null: no body, as a 204). */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Switches the texts to `language`, with the namespaces the component reads loaded. */
export async function showIn(language: 'en' | 'bn', namespaces: string[]): Promise<void> {
  await act(async () => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(namespaces);
  });
}

/** Renders `ui` with a fresh query client (no retries) under a Suspense boundary. */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <Suspense fallback="loading">{ui}</Suspense>
      </QueryClientProvider>,
    ),
  };
}

/** jsdom has <dialog> without its modal methods: they open and close it. */
export function allowModalDialogs(): void {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

/**
 * The hooks a component test file shares: the startup texts loaded first (and jsdom's <dialog> made
 * to open, with `dialogs`); before each test `beforeEachTest`, then English with `namespaces`
 * loaded; after it, the DOM cleaned up and stubbed globals restored. Answers the switch to a
 * language with those namespaces, for the tests that read Bangla.
 */
export function componentTestHooks({ namespaces, dialogs = false, beforeEachTest }: { namespaces: string[]; dialogs?: boolean; beforeEachTest?: () => void }) {
  const inLanguage = (language: 'en' | 'bn') => showIn(language, namespaces);
  beforeAll(async () => {
    await startupTextsLoaded;
    if (dialogs) allowModalDialogs();
  });
  beforeEach(async () => {
    beforeEachTest?.();
    await inLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return inLanguage;
}
