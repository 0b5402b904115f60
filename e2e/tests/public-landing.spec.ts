import { csrfHeader, expect, newestMailTo, registerUser, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

test('the landing page shows hero, partners, services, app download, reviews and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment services you can trust, right from your phone.' })).toBeVisible();
  await expect(page.getByText('Open a wallet today and get a $1,000.00 welcome bonus.')).toBeVisible();

  // Partners: our own wordmarks, served by the app.
  const partners = page.getByRole('region', { name: 'Partner logos' });
  await expect(partners.getByRole('img', { name: 'BRAC Bank' })).toHaveAttribute('src', '/partners/brac-bank.svg');
  await expect(partners.getByRole('img', { name: 'Dutch-Bangla Bank' })).toBeVisible();

  // Services: each card leads somewhere useful.
  const services = page.getByRole('region', { name: 'Our services' });
  const targets: [string, string][] = [
    ['Send money', '/dashboard/sendMoney'],
    ['Cash in', '/dashboard/addMoney'],
    ['Bill pay', '/services/bill-pay'],
    ['Recharge', '/services/recharge'],
    ['Services', '/services/more-services'],
    ['Gas bill', '/services/gas-bill'],
    ['Payment', '/services/payment'],
    ['Call us', '/contactUs'],
  ];
  await expect(services.getByRole('link')).toHaveCount(targets.length);
  for (const [name, href] of targets) await expect(services.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);

  // The store apps are not out: the badges open the web app's sign-up and say so.
  const app = page.getByRole('region', { name: 'Poisha on your phone, today' });
  await expect(app.getByRole('link', { name: /^Android: start with the web app today/ })).toHaveAttribute('href', '/signUp');
  await expect(app.getByRole('link', { name: /^iPhone: start with the web app today/ })).toHaveAttribute('href', '/signUp');

  await expect(page.getByRole('region', { name: 'What our clients say' })).toBeVisible();

  const footer = page.getByRole('contentinfo');
  for (const name of ['About Us', 'Contact', 'Terms of Use', 'Privacy Policy', 'Bill pay']) await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  for (const network of ['Facebook', 'X', 'LinkedIn', 'YouTube']) await expect(footer.getByRole('link', { name: `Poisha on ${network}` })).toBeVisible();
  await expect(footer.getByText(`© ${new Date().getFullYear()} Poisha`)).toBeVisible();

  // Back to top.
  await footer.getByRole('button', { name: 'Back to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a service that is not built yet has a short page that leads back', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: 'Our services' }).getByRole('link', { name: 'Gas bill' }).click();
  await expect(page).toHaveURL(/\/services\/gas-bill$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gas bill' })).toBeVisible();
  await expect(page.getByText(/^Soon you will pay metered and non-metered gas bills/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to all services' }).click();
  await expect(page.getByRole('heading', { name: 'Our services' })).toBeInViewport();

  await page.goto('/services/no-such-service');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
});

test('terms and privacy are real pages', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await expect(page.getByText(/signed out after 10 minutes without activity/)).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText(/never the full card number/)).toBeVisible();
});

test('the landing page shows the six newest reviews, with name and stars', async ({ page, playwright, baseURL }) => {
  // One review per person (a second one replaces the first): seven authors, and the oldest of the
  // seven must drop off the page.
  const run = unique();
  const posted: { text: string; star: number; name: string }[] = [];
  for (let index = 1; index <= 7; index += 1) {
    const api = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    const author = await registerUser(api);
    const review = { star: (index % 5) + 1, text: `Review ${index} of run ${run}` };
    const response = await api.post('/api/v1/reviews', { headers: await csrfHeader(api), data: review });
    expect(response.status(), await response.text()).toBe(201);
    posted.push({ ...review, name: author.name });
    await api.dispose();
  }
  const newest = posted.slice(1).reverse();

  await page.goto('/');
  // The reviews are fetched by the app, which the prerendered page loads when they come near the screen.
  await page.getByRole('region', { name: 'What our clients say' }).scrollIntoViewIfNeeded();
  const list = page.getByRole('list', { name: 'What our clients say' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(6);
  for (const [index, review] of newest.entries()) {
    const item = items.nth(index);
    await expect(item).toContainText(review.text);
    await expect(item).toContainText(review.name);
    await expect(item.getByRole('img', { name: `${review.star} out of 5 stars` })).toBeVisible();
  }
  await expect(list).not.toContainText(posted[0]?.text ?? '');
});

test('reviews show a skeleton while loading and an empty state when there are none', async ({ page }) => {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/reviews?*', async (route) => {
    await answered;
    await route.fulfill({ json: [] });
  });
  // Asked for once the app has started, which the section coming near the screen does.
  const asked = page.waitForRequest('**/api/v1/reviews?*');
  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'What our clients say' });
  await reviews.scrollIntoViewIfNeeded();
  await asked;
  await expect(reviews.getByRole('status')).toHaveText('Loading reviews…');
  await expect(reviews).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(reviews.getByText(/^No reviews yet\./)).toBeVisible();
  await expect(reviews.getByRole('listitem')).toHaveCount(0);
});

test('GET LINK e-mails the link to the app', async ({ page, baseURL }) => {
  await page.goto('/');
  const email = page.getByLabel('Get the link to Poisha by e-mail');
  const button = page.getByRole('button', { name: 'Get link' });

  await button.click();
  await expect(page.getByText('Please Enter Your Email Address')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('someone@');
  await button.click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  // While the request runs the button says so.
  let release: () => void = () => undefined;
  const go = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/app-link', async (route) => {
    await go;
    await route.continue();
  });
  const address = `link-${unique()}@example.com`;
  await email.fill(address);
  await button.click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();
  await expect(page.getByRole('status').filter({ hasText: address })).toHaveText(`Sent! Look in the inbox of ${address} for the link to Poisha.`);

  const mail = await newestMailTo(address);
  expect(mail).toContain(`${baseURL}/`);
});

test('GET LINK shows a rate limit under the field', async ({ page }) => {
  await page.route('**/api/v1/app-link', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '120' },
      json: { error: { code: 'rate_limited', message: 'Too many attempts. Please try again in 2 minutes.' } },
    }),
  );
  await page.goto('/');
  await page.getByLabel('Get the link to Poisha by e-mail').fill(`limit-${unique()}@example.com`);
  await page.getByRole('button', { name: 'Get link' }).click();
  await expect(page.getByText('Too many attempts. Please try again in 2 minutes.')).toBeVisible();
});

test('the partner logos move, pause with the button and on hover, and never move with reduced motion', async ({ page }) => {
  // Animations of the logo track only (a loading skeleton elsewhere may pulse).
  const slider = (state?: AnimationPlayState) =>
    page.evaluate(
      (wanted) =>
        document.getAnimations().filter((animation) => {
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          return Boolean(target?.closest('[aria-label="Partner logos"]')) && (!wanted || animation.playState === wanted);
        }).length,
      state,
    );
  const running = () => slider('running');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const region = page.getByRole('region', { name: 'Partner logos' });
  await expect(region.getByRole('img', { name: 'PayPal' })).toBeAttached();
  // The prerendered page stands still until the visitor does something, which loads the app.
  expect(await running()).toBe(0);
  await page.mouse.move(5, 5);
  await expect.poll(running).toBe(1);

  await page.getByRole('button', { name: 'Pause the moving partner logos' }).click();
  await expect.poll(running).toBe(0);
  await page.getByRole('button', { name: 'Play the moving partner logos' }).click();
  await expect.poll(running).toBe(1);

  await region.hover();
  await expect.poll(running).toBe(0);
  await page.mouse.move(0, 0);
  await expect.poll(running).toBe(1);

  // Keyboard: Tab reaches the logos, and focus stops them.
  await region.focus();
  await expect.poll(running).toBe(0);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await page.mouse.move(10, 10);
  await expect(region.getByRole('img', { name: 'PayPal' })).toBeVisible();
  expect(await slider()).toBe(0);
  await expect(page.getByRole('button', { name: /partner logos/ })).toHaveCount(0);
});
