import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False in the prerendered HTML and while the app takes that HTML over, true from the render after
 * (and at once on a page the app draws itself). What only the browser knows (the page's history
 * state, a running animation) is drawn once this is true: drawn during the takeover, it would not
 * match the prerendered markup, and React would replace the whole page, losing what the visitor
 * did to it before the app was live.
 */
export const useHydrated = (): boolean => useSyncExternalStore(subscribeToNothing, () => true, () => false);
