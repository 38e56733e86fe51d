import { expect, test, type Locator, type Page } from '@playwright/test';

// The moderator's support dashboard in a real browser against the built app: sign in at
// /moderator/login, then the two lists support follows up on (payments that could not be
// applied, login links issued), at desktop and phone widths. Accounts are seeded demo data.

const PASSWORD = 'Parley@2026';
const CLIENT_HEADER = { 'x-parley-client': 'web' };
const PAYMENTS = 'Payments that could not be applied';
const LINKS = 'Login links issued';

async function logInAsModerator(page: Page) {
  await page.goto('/moderator/login');
  await page.getByLabel('Email').fill('moderator@parley.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/moderator\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderator dashboard' })).toBeVisible();
}

/** A list section once it has answered: its rows (table on wide screens, cards on phones) or its empty state. */
async function expectLoaded(section: Locator, rows: Locator, emptyTitle: string) {
  await expect(rows.or(section.getByRole('heading', { level: 2, name: emptyTitle, exact: true }))).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);
}

test.describe('moderator dashboard', () => {
  test('shows both support lists with headings in order and a page title', async ({ page }) => {
    await logInAsModerator(page);
    await expect(page).toHaveTitle(/Moderator dashboard/);

    const payments = page.getByRole('region', { name: PAYMENTS, exact: true });
    const links = page.getByRole('region', { name: LINKS, exact: true });
    await expect(payments.getByRole('heading', { level: 2, name: PAYMENTS, exact: true })).toBeVisible();
    await expect(links.getByRole('heading', { level: 2, name: LINKS, exact: true })).toBeVisible();
    await expectLoaded(payments, payments.getByRole('table'), 'No payments waiting');
    await expectLoaded(links, links.getByRole('table'), 'No login links issued yet');
  });

  test('a login link the moderator issues is in the audit, not used yet', async ({ page, playwright, baseURL }) => {
    // The learner's id, as the moderator would have it.
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: CLIENT_HEADER });
    const signIn = await api.post('/api/auth/login', { data: { email: 'ielts@parley.test', password: PASSWORD, role: 'learner' } });
    expect(signIn.ok()).toBe(true);
    const learnerId: string = (await signIn.json()).user._id;
    await api.dispose();

    await logInAsModerator(page);
    const issued = await page.request.post('/api/moderator/login-links', { data: { learnerId }, headers: CLIENT_HEADER });
    expect(issued.status()).toBe(201);
    await page.reload();

    const table = page.getByRole('region', { name: LINKS, exact: true }).getByRole('table');
    const row = table.getByRole('row').filter({ hasText: 'Vikram Singh' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('Leela Joseph');
    await expect(row).toContainText('Not used');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('shows the lists as cards without sideways scrolling', async ({ page }) => {
      await logInAsModerator(page);
      const payments = page.getByRole('region', { name: PAYMENTS, exact: true });
      const links = page.getByRole('region', { name: LINKS, exact: true });
      await expectLoaded(payments, payments.getByRole('list', { name: PAYMENTS }), 'No payments waiting');
      await expectLoaded(links, links.getByRole('list', { name: LINKS }), 'No login links issued yet');
      await expect(page.getByRole('table')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
