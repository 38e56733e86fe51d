import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

// The moderator console in a real browser against the built app: sign in at /moderator/login,
// then its sections (a tab list), at desktop and phone widths. Accounts are seeded demo data. The
// journeys that change data use accounts no other journey touches: the pending affiliate
// affiliate.applicant@parley.test (affiliate.spec.ts keeps affiliate.pending@ pending) and the
// tutor Kavya Reddy, whom no spec books and who is unblocked again at the end.

const PASSWORD = 'Parley@2026';
const PAYMENTS = 'Payments that could not be applied';
const LINKS = 'Login links issued';
const APPLICANT = { email: 'affiliate.applicant@parley.test', name: 'Nadia Khan' };
const TUTOR = 'Kavya Reddy';

async function logInAsModerator(page: Page) {
  await page.goto('/moderator/login');
  await page.getByLabel('Email').fill('moderator@parley.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/moderator\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderator dashboard' })).toBeVisible();
}

async function openSection(page: Page, tab: string) {
  await page.getByRole('tablist', { name: 'Moderator console' }).getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** A list section once it has answered: its rows (table on wide screens, cards on phones) or its empty state. */
async function expectLoaded(section: Locator, rows: Locator, emptyTitle: string) {
  await expect(rows.or(section.getByRole('heading', { level: 3, name: emptyTitle, exact: true }))).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);
}

async function signedIn(browser: Browser, login: string, email: string, home: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(login);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(home);
  return page;
}

test.describe('moderator dashboard', () => {
  test('shows the support lists under their tabs, with headings in order and a page title', async ({ page }) => {
    await logInAsModerator(page);
    await expect(page).toHaveTitle(/Moderator dashboard/);
    await expect(page.getByRole('tab', { name: 'Influencer applications' })).toHaveAttribute('aria-selected', 'true');

    await openSection(page, 'Payments needing attention');
    const payments = page.getByRole('region', { name: PAYMENTS, exact: true });
    await expect(payments.getByRole('heading', { level: 2, name: PAYMENTS, exact: true })).toBeVisible();
    await expectLoaded(payments, payments.getByRole('table'), 'No payments waiting');

    // The keyboard moves between sections: Left goes back one, to Learner support.
    await page.getByRole('tab', { name: 'Payments needing attention' }).press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Learner support' })).toBeFocused();
    await expect(page).toHaveURL(/section=learners/);
    const links = page.getByRole('region', { name: LINKS, exact: true });
    await expect(links.getByRole('heading', { level: 2, name: LINKS, exact: true })).toBeVisible();
    await expectLoaded(links, links.getByRole('table'), 'No login links issued yet');
  });

  test('a moderator finds a learner and creates a login link, shown once and in the audit, not used yet', async ({ page }) => {
    await logInAsModerator(page);
    await openSection(page, 'Learner support');
    await page.getByRole('searchbox', { name: 'Learner’s name or email' }).fill('ielts@parley');
    await page.getByRole('button', { name: 'Find learner' }).click();
    await page.getByRole('button', { name: 'Create login link for Vikram Singh' }).click();
    const issued = page.getByRole('region', { name: 'Login link for Vikram Singh' });
    await expect(issued.getByLabel('Link')).toHaveValue(/\/login\?learnerId=.+&token=/);
    await expect(issued.getByRole('button', { name: 'Copy link' })).toBeEnabled();

    const table = page.getByRole('region', { name: LINKS, exact: true }).getByRole('table');
    const row = table.getByRole('row').filter({ hasText: 'Vikram Singh' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('Leela Joseph');
    await expect(row).toContainText('Not used');

    // Shown once: after Done, and after a reload, the link is gone from the page.
    await issued.getByRole('button', { name: 'Done' }).click();
    await expect(issued).toBeHidden();
    await page.reload();
    await expect(page.getByRole('region', { name: /^Login link for/ })).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('shows the lists as cards without sideways scrolling', async ({ page }) => {
      await logInAsModerator(page);
      for (const [tab, title, empty] of [
        ['Payments needing attention', PAYMENTS, 'No payments waiting'],
        ['Learner support', LINKS, 'No login links issued yet'],
        ['Audit log', 'Audit log', 'No moderator actions yet'],
      ] as const) {
        await openSection(page, tab);
        const section = page.getByRole('region', { name: title, exact: true });
        await expectLoaded(section, section.getByRole('list', { name: new RegExp(`^${title}`) }), empty);
        await expect(page.getByRole('table')).toHaveCount(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, tab).toBeLessThanOrEqual(0);
      }
    });
  });
});

// One story, in order: both decisions must be in the audit log at the end.
test.describe.serial('moderator decisions', () => {
  test('a moderator approves a pending affiliate, whose copy buttons then work', async ({ page, browser }) => {
    const affiliate = await signedIn(browser, '/affiliate/login', APPLICANT.email, /\/affiliate\/dashboard$/);
    await expect(affiliate.getByTestId('affiliate-status')).toContainText('Pending');
    await expect(affiliate.getByRole('button', { name: 'Copy code' })).toBeDisabled();

    await logInAsModerator(page);
    const card = page.getByRole('article', { name: new RegExp(APPLICANT.name) });
    await expect(card).toContainText('Pending');
    await card.getByRole('button', { name: `Approve ${APPLICANT.name}` }).click();
    // Approved, the application leaves the pending queue; it is listed under Approved.
    await expect(card).toBeHidden();
    await page.getByLabel('Show').selectOption('Approved');
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

    await affiliate.reload();
    await expect(affiliate.getByTestId('affiliate-status')).toContainText('Approved');
    await expect(affiliate.getByRole('button', { name: 'Copy code' })).toBeEnabled();
    await expect(affiliate.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    await affiliate.context().close();
  });

  test('a moderator blocks a tutor: learners no longer see them; the audit log lists both decisions; unblocked again', async ({ page, browser }) => {
    const learner = await signedIn(browser, '/login', 'newbie@parley.test', /\/learner$/);
    await learner.goto('/learner/teachers');
    await expect(learner.getByRole('button', { name: `View schedule of ${TUTOR}` })).toBeVisible();

    await logInAsModerator(page);
    await openSection(page, 'Tutors');
    await page.getByRole('searchbox', { name: 'Name or email' }).fill('kavya');
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.getByRole('article', { name: new RegExp(TUTOR) });
    await card.getByRole('button', { name: `Block ${TUTOR}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Block tutor' });
    await dialog.getByLabel('Why is the tutor blocked?').fill('e2e: learners reported repeated no-shows.');
    await dialog.getByRole('button', { name: 'Block tutor' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Blocked', { exact: true })).toBeVisible();
    await expect(card).toContainText('e2e: learners reported repeated no-shows.');

    await learner.reload();
    await expect(learner.getByRole('button', { name: 'View schedule of Daniel Brooks' })).toBeVisible();
    await expect(learner.getByRole('button', { name: `View schedule of ${TUTOR}` })).toHaveCount(0);

    await openSection(page, 'Audit log');
    const log = page.getByRole('region', { name: 'Audit log', exact: true }).getByRole('table');
    await expect(log.getByRole('row').filter({ hasText: 'Tutor blocked' }).filter({ hasText: TUTOR }).first()).toContainText('e2e: learners reported repeated no-shows.');
    await expect(log.getByRole('row').filter({ hasText: 'Affiliate approved' }).filter({ hasText: APPLICANT.name }).first()).toContainText('Leela Joseph');

    // Leave the demo data as it was for the other journeys.
    await openSection(page, 'Tutors');
    await page.getByRole('searchbox', { name: 'Name or email' }).fill('kavya');
    await page.getByRole('button', { name: 'Search' }).click();
    await card.getByRole('button', { name: `Unblock ${TUTOR}` }).click();
    const unblock = page.getByRole('dialog', { name: 'Unblock tutor' });
    await unblock.getByLabel('Why is the tutor unblocked?').fill('e2e: the journey is over.');
    await unblock.getByRole('button', { name: 'Unblock tutor' }).click();
    await expect(card.getByText('Listed', { exact: true })).toBeVisible();
    await learner.reload();
    await expect(learner.getByRole('button', { name: `View schedule of ${TUTOR}` })).toBeVisible();
    await learner.context().close();
  });
});
