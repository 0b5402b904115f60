/**
 * Loads a heavy module the first time a feature needs it, and only once. Image processing, PDF
 * drawing and mail sending each cost the server tens of MB of memory when loaded; most processes
 * (and every transfer) never need them (issue 11). A failed load is not kept: the next use tries again.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
