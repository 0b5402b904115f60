/** The current time in milliseconds. Injected so that tests can move time (session expiry). */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
export const isoAt = (ms: number) => new Date(ms).toISOString();
