import { describe, expect, it } from 'vitest';
import { assertNodeRunsSqlite } from './sqlite-runtime.js';

describe('assertNodeRunsSqlite (better-sqlite3 13 segfaults below Node-API 10)', () => {
  it("lets Node 24's Node-API 10, and later ones, open SQLite", () => {
    expect(() => assertNodeRunsSqlite('10', 'v24.21.0')).not.toThrow();
    expect(() => assertNodeRunsSqlite('11', 'v26.12.1')).not.toThrow();
    expect(() => assertNodeRunsSqlite()).not.toThrow();
  });

  it("refuses Node 20's Node-API 9 with a sentence that names the way out", () => {
    expect(() => assertNodeRunsSqlite('9', 'v20.20.2')).toThrow(/SQLite needs Node\.js 24 .*this is Node\.js v20\.20\.2 \(Node-API 9\).*npx node/);
    expect(() => assertNodeRunsSqlite('8', 'v18.20.8')).toThrow(/this is Node\.js v18\.20\.8 \(Node-API 8\)/);
  });
});
