import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './test/http-client.js';
import { latestCodeTo } from './test/sms.js';
import { createTestApp, testDatabase, type TestApp } from './test/test-app.js';

/**
 * A client built from the OpenAPI document alone: openapi-typescript turns `/api/docs/json` into
 * types, a small program uses them with openapi-fetch, the TypeScript compiler checks it (and must
 * refuse a program that gets the API wrong), and the program then signs up, sends money and reads
 * the statement against a real server.
 */
const CLIENT_PROGRAM = `
import type createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Money = components['schemas']['Money'];
type ApiError = components['schemas']['Error'];

export async function run(create: typeof createClient, baseUrl: string, friendPhone: string, smsCode: (phone: string) => string) {
  const client = create<paths>({ baseUrl });
  const signup = await client.POST('/api/v1/auth/signup', {
    body: { name: 'Typed Client', email: 'typed.client@example.com', password: 'orange kettle 2026 river', phone: '+8801799000111' },
  });
  if (!signup.data) throw new Error('sign-up failed: ' + JSON.stringify(signup.error));
  const token: string = signup.data.token;
  const headers = { authorization: 'Bearer ' + token };
  const proven = await client.POST('/api/v1/auth/phone/verify', { headers, body: { code: smsCode(signup.data.user.phone) } });
  if (!proven.data) throw new Error('phone proof failed: ' + JSON.stringify(proven.error));
  const phoneVerified: boolean = proven.data.user.phoneVerified;
  const pinSet = await client.PUT('/api/v1/payment-pin', { headers, body: { pin: '24680' } });
  if (!pinSet.data) throw new Error('choosing the PIN failed: ' + JSON.stringify(pinSet.error));

  const sent = await client.POST('/api/v1/transfers', {
    headers,
    params: { header: { 'idempotency-key': 'typed-client-transfer-1' } },
    body: { to: friendPhone, amount: 2500, reference: '12', pin: '24680' },
  });
  if (!sent.data) throw new Error('transfer failed: ' + JSON.stringify(sent.error));
  const moved: Money = sent.data.amount;

  const refused = await client.POST('/api/v1/transfers', {
    headers,
    params: { header: { 'idempotency-key': 'typed-client-transfer-2' } },
    body: { to: friendPhone, amount: 999999999, reference: '13', pin: '24680' },
  });
  const refusal: ApiError | undefined = refused.error;

  const statement = await client.GET('/api/v1/statement', { headers, params: { query: { pageSize: 10, type: 'sent' } } });
  if (!statement.data) throw new Error('statement failed');
  const entries: Money[] = statement.data.items.map((item) => item.amount);
  return { phoneVerified, moved, refusalCode: refusal?.error.code, refusalStatus: refused.response.status, entries, pageSize: statement.data.pageSize };
}
`;

/** The same calls getting the API wrong; every line marked "wrong" must fail to compile, and nothing else. */
const WRONG_PROGRAM = `
import type createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function wrong(create: typeof createClient) {
  const client = create<paths>({ baseUrl: 'http://localhost' });
  await client.POST('/api/v1/transfers', {
    params: { header: { 'idempotency-key': 'k' } },
    body: { to: '+8801799000111', amount: '25.00', reference: '1', pin: '24680' }, // wrong: an amount is integer cents
  });
  await client.POST('/api/v1/deposits/bank', { body: { accountHolder: 'A', accountHolderNumber: '01712345678', bankId: 'brac-bank', bankAccountNumber: '123456785678', amount: 50000, reference: '1' } }); // wrong: no Idempotency-Key
  await client.GET('/api/v1/statement', { params: { query: { pageSize: 7 } } }); // wrong: pages are 5, 10 or 20
  await client.GET('/api/v1/no-such-path'); // wrong: no such operation
  await client.GET('/api/v1/statement', { params: { query: { pageSize: 20, type: 'received' } } });
}
`;

const require = createRequire(import.meta.url);

/** The compiler's complaints about a file, by line (1-based). */
function typeErrors(file: string): { line: number; message: string }[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    // The program lives in a temporary folder: point it at this repository's openapi-fetch.
    paths: { 'openapi-fetch': [require.resolve('openapi-fetch').replace(/index\.(c|m)?js$/, 'index.d.mts')] },
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    line: diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
}

describe(`a client generated from the OpenAPI document (${testDatabase})`, () => {
  let t: TestApp;
  let baseUrl: string;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-openapi-client-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('declares security, the Idempotency-Key header, the Error answer and a description everywhere', async () => {
    type Operation = { security?: Record<string, string[]>[]; parameters?: { in: string; name: string; required?: boolean }[]; responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> };
    const document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as { components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> }; paths: Record<string, Record<string, Operation>> };
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['bearer', 'cookie', 'csrf']);
    expect(Object.keys(document.components.schemas).sort()).toEqual(['Error', 'Money']);
    const operations = Object.entries(document.paths).flatMap(([url, methods]) => Object.entries(methods).map(([method, operation]) => ({ url, method, operation })));
    const withKey = operations.filter(({ operation }) => operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key' && parameter.required === true));
    expect(withKey.map(({ method, url }) => `${method} ${url}`).sort()).toEqual([
      'post /api/v1/deposits/bank',
      'post /api/v1/deposits/card',
      'post /api/v1/deposits/paypal/orders/{id}/capture',
      'post /api/v1/money-requests/{id}/pay',
      'post /api/v1/transfers',
    ]);
    for (const { url, method, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${method} ${url} ${status}`).not.toBe('Default Response');
        if (Number(status) >= 400) expect(response.content?.['application/json']?.schema, `${method} ${url} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
      }
      const signedIn = (operation.security ?? []).length > 0;
      if (signedIn && method !== 'get') expect(operation.security, `${method} ${url}`).toEqual([{ bearer: [] }, { cookie: [], csrf: [] }]);
      if (signedIn && method === 'get') expect(operation.security, `${method} ${url}`).toEqual([{ bearer: [] }, { cookie: [] }]);
    }
  });

  it('type-checks, and signs up, sends money and reads the statement', async () => {
    const document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as Parameters<typeof openapiTS>[0];
    fs.writeFileSync(path.join(dir, 'schema.d.ts'), astToString(await openapiTS(document)));
    const clientFile = path.join(dir, 'client.ts');
    fs.writeFileSync(clientFile, CLIENT_PROGRAM);
    const wrongFile = path.join(dir, 'wrong.ts');
    fs.writeFileSync(wrongFile, WRONG_PROGRAM);

    expect(typeErrors(clientFile)).toEqual([]);
    const wrong = typeErrors(wrongFile);
    const wrongLines = WRONG_PROGRAM.split('\n').flatMap((line, index) => (line.includes('// wrong') ? [index + 1] : []));
    expect(wrongLines).toHaveLength(4);
    expect([...new Set(wrong.map((error) => error.line))].sort((x, y) => x - y)).toEqual(wrongLines);
    expect(wrong.find((error) => error.line === wrongLines[0])?.message).toContain("'string' is not assignable to type 'number'");
    expect(wrong.find((error) => error.line === wrongLines[1])?.message).toContain('idempotency-key');
    expect(wrong.find((error) => error.line === wrongLines[2])?.message).toContain('5 | 10 | 20');

    const compiled = ts.transpileModule(CLIENT_PROGRAM, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    const moduleFile = path.join(dir, 'client.mjs');
    fs.writeFileSync(moduleFile, compiled);
    const { run } = (await import(pathToFileURL(moduleFile).href)) as { run: (create: typeof createClient, baseUrl: string, friendPhone: string, smsCode: (phone: string) => string) => Promise<Record<string, unknown>> };

    const friend = await signUp(t.app);
    const result = await run(createClient, baseUrl, friend.phone, (phone) => latestCodeTo(t.app, phone));
    expect(result).toEqual({
      phoneVerified: true,
      moved: { amount: 2500, currency: 'USD' },
      refusalCode: 'insufficient_funds',
      refusalStatus: 422,
      entries: [{ amount: -2500, currency: 'USD' }],
      pageSize: 10,
    });
  });
});
