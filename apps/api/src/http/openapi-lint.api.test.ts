import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../test/openapi-lint.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { operationIdOf } from './openapi.js';

let t: TestApp;
let document: string;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
});
afterAll(() => t.close());

describe('the OpenAPI document, as a linter no one here wrote sees it', () => {
  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const problems = await lintOpenApi(document);
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location.join(' ')}: ${problem.message}`)).toEqual([]);
  }, 60_000);

  it('names every operation, once', () => {
    const paths = JSON.parse(document).paths as Record<string, Record<string, { operationId?: string }>>;
    const ids = Object.values(paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('post', '/api/v1/money-requests/{id}/pay')).toBe('postMoneyRequestsByIdPay');
    expect(operationIdOf('get', '/api/v1/statement.csv')).toBe('getStatementCsv');
  });

  it('declares files under their media type and bodiless answers without a body', () => {
    const paths = JSON.parse(document).paths;
    expect(Object.keys(paths['/api/v1/statement.csv'].get.responses['200'].content)).toEqual(['text/csv']);
    expect(Object.keys(paths['/api/v1/statement.pdf'].get.responses['200'].content)).toEqual(['application/pdf']);
    expect(paths['/api/v1/favourites/{id}'].delete.responses['204'].content).toBeUndefined();
  });
});
