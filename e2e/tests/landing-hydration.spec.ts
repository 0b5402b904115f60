import { csrfHeader, expect, registerUser, test } from './fixtures';

// Issue 24, defect 10: a review holding HTML made the landing page throw React's hydration error
// #418 (the prerendered page and the browser's first render must show the same text).
test('a review containing HTML is shown as text and the landing page hydrates without an error', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  await registerUser(api);
  const text = `<b>Great</b> <i>app</i> <script>window.reviewScriptRan = true</script><img src=x onerror="window.reviewScriptRan = true"> & <p>done</p> ${Date.now()}`;
  const response = await api.post('/api/v1/reviews', { headers: await csrfHeader(api), data: { star: 5, text } });
  expect(response.status(), await response.text()).toBe(201);
  await api.dispose();

  const problems: string[] = [];
  page.on('console', (message) => {
    // The app asks for the session on start: a signed-out visitor's 401 is an answer, not a fault.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));

  await page.goto('/');
  await page.getByRole('region', { name: 'What our clients say' }).scrollIntoViewIfNeeded();
  const list = page.getByRole('list', { name: 'What our clients say' });
  await expect(list.getByText(text, { exact: true })).toBeVisible();
  // The app has taken over (the header's links answer) and nothing went wrong on the way.
  await page.mouse.move(10, 10);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { reviewScriptRan?: boolean }).reviewScriptRan)).toBeUndefined();
  expect(problems).toEqual([]);
});
