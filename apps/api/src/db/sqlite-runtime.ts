/**
 * better-sqlite3 13 is a Node-API 10 addon. Node.js 20 offers Node-API 9, and there the first
 * `new SQLite()` ends the process with a segmentation fault, without a word. The project runs on
 * Node.js 24 (package.json engines, decision 0040): npm scripts and `npx node` take the one npm
 * installed into node_modules. This turns the crash into a sentence for whoever starts a server or
 * a tool with an older `node` from the shell.
 */
export const SQLITE_NODE_API_VERSION = 10;

/** Throws, naming the way out, when this Node cannot run the SQLite driver. */
export function assertNodeRunsSqlite(nodeApiVersion = process.versions.napi, nodeVersion = process.version): void {
  if (Number(nodeApiVersion) >= SQLITE_NODE_API_VERSION) return;
  throw new Error(
    `SQLite needs Node.js 24 (Node-API ${SQLITE_NODE_API_VERSION}); this is Node.js ${nodeVersion} (Node-API ${nodeApiVersion}). ` +
      'Run it through npm (npm start, npm run …) or npx node …, which use the Node.js 24 that npm install put in node_modules.',
  );
}
