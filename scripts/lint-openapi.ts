/**
 * `npm run lint:openapi`: builds the API (on a throw-away SQLite database), takes the OpenAPI
 * document it serves at /api/docs/json and lints it with Redocly CLI's recommended rules
 * (redocly.yaml). Exits 1 on any error or warning. The API suite runs the same check.
 */
import { lintOpenApi } from '../apps/api/src/test/openapi-lint.js';
import { createTestApp } from '../apps/api/src/test/test-app.js';

const t = await createTestApp();
try {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  const problems = await lintOpenApi(document);
  for (const problem of problems) process.stdout.write(`${problem.severity} ${problem.ruleId} ${problem.location.join(' ')}: ${problem.message}\n`);
  process.stdout.write(problems.length === 0 ? 'OpenAPI document: no errors, no warnings (Redocly recommended rules).\n' : `OpenAPI document: ${problems.length} problems.\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await t.close();
}
