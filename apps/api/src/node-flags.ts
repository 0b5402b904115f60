/**
 * The options node runs the server with (decision 0025). One list: the test harness, the benchmark
 * and the browser tests' server take it from here, and `node-flags.unit.test.ts` holds `npm start`,
 * `npm run start:prod` and the Docker image to it.
 */

/**
 * After a full collection V8 lets the old generation grow to a multiple of what survived it (a
 * factor it picks, up to 4) before it collects again. Under the benchmark's load the server's live
 * heap is 40–65 MB, and the old generation reached 170 MB, mostly garbage: a peak RSS of 260–310 MB
 * on SQLite. Growing by 30 % at most keeps it at 188 MB, with no cost the benchmark could see
 * (decision 0025).
 */
export const HEAP_FLAGS = ['--heap-growing-percent=30'] as const;

/** The production bundle: its stack traces name the TypeScript sources (decision 0023). */
export const BUNDLE_FLAGS = [...HEAP_FLAGS, '--enable-source-maps'] as const;
