import { afterAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/**
 * The app one test file shares: made as the file loads, closed (its database dropped) after the
 * file's tests. `const t = await testAppForFile({ mailer })`.
 */
export async function testAppForFile(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  afterAll(() => t.close());
  return t;
}
