import fs from 'node:fs';
import { errorStatus } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';

const apiDoc = fs.readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');

/** The status → codes table of docs/api.md, read back as code → status. */
function documentedStatuses(): Record<string, number> {
  const statuses: Record<string, number> = {};
  for (const [, status, codes] of apiDoc.matchAll(/^\| (\d{3}) \| (.+) \|$/gm)) {
    for (const [, code] of codes!.matchAll(/`([a-z_]+)`/g)) statuses[code!] = Number(status);
  }
  return statuses;
}

describe('docs/api.md', () => {
  it('lists every error code with the status the API answers it with, and no other', () => {
    expect(documentedStatuses()).toEqual({ ...errorStatus });
  });

  it('names the headers the API reads', () => {
    for (const header of ['Idempotency-Key', 'x-csrf-token', 'Authorization: Bearer', 'x-request-id']) expect(apiDoc).toContain(header);
  });
});
