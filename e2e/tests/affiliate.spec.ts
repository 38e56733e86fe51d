import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';

// The affiliate journey: a visitor arrives through an approved affiliate's campaign link, signs
// up, pays for a demo in the sandbox checkout; the affiliate sees one more sign-up, one more
// paying learner and the commission. A pending affiliate's copy controls stay disabled. Someone
// applies at /affiliate/apply and can share once a moderator approves.

const PASSWORD = 'Parley@2026';

async function affiliatePage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/affiliate/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /Log in/ }).click();
  await expect(page).toHaveURL(/\/affiliate\/dashboard$/);
  return page;
}

const figure = async (page: Page, testId: string) => Number((await page.getByTestId(testId).textContent())?.replace(/[^\d]/g, ''));

test('a visitor from an approved affiliate’s link signs up and pays a demo; the affiliate sees the sign-up, the paying learner and the commission', async ({ browser }) => {
  // Two browsers, a sign-up, a payment and the commission job: more than the default minute on a busy CI machine.
  test.setTimeout(120_000);
  const affiliate = await affiliatePage(browser, 'affiliate@parley.test');
  await expect(affiliate.getByTestId('affiliate-status')).toContainText('Approved');
  const link = affiliate.getByTestId('affiliate-link');
  await expect(link).toHaveText(/index-affiliate\?/);
  const campaignLink = new URL((await link.textContent())!);
  await expect(affiliate.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  await expect(affiliate.getByRole('button', { name: 'Copy code' })).toBeEnabled();
  const signUpsBefore = await figure(affiliate, 'stat-signups');
  const payingBefore = await figure(affiliate, 'stat-paying');
  await expectAccessible(affiliate, 'affiliate dashboard');

  // A new visitor lands on the affiliate landing through the link: no menu links, a button to the plans.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${campaignLink.pathname}${campaignLink.search}`);
  await expect(visitor.getByRole('button', { name: 'View plans' })).toBeVisible();
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Courses' })).toHaveCount(0);

  // …wanders to the demo page, signs up there and pays ₹99.
  await visitor.goto('/book-demo');
  await visitor.getByRole('link', { name: 'Sign up' }).click();
  // The form shows the code the link brought, two pages back.
  await expect(visitor.getByLabel('Referral code (optional)')).toHaveValue(campaignLink.searchParams.get('referralCode')!);
  await visitor.getByLabel('Full name').fill('Ishaan Referred');
  await visitor.getByLabel('Email').fill(`referred-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await visitor.getByLabel('Password').fill(PASSWORD);
  await visitor.getByLabel('Country').selectOption('IN');
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await expect(visitor).toHaveURL(/\/book-demo$/);
  await visitor.getByRole('button', { name: 'Pay ₹99' }).click();
  await visitor.getByTestId('sandbox-pay').click();
  await expect(visitor.getByText('Demo sesion purchased successfully')).toBeVisible();

  // The commission is credited by its own job: the dashboard shows it once the job ran.
  await expect(async () => {
    await affiliate.reload();
    expect(await figure(affiliate, 'stat-signups')).toBe(signUpsBefore + 1);
    expect(await figure(affiliate, 'stat-paying')).toBe(payingBefore + 1);
  }).toPass({ timeout: 20_000 });

  await affiliate.getByRole('link', { name: 'Earnings' }).first().click();
  const line = affiliate.getByTestId('commission-line').first();
  await expect(async () => {
    await affiliate.reload();
    await expect(line).toContainText('I••••• R.', { timeout: 1_000 });
    await expect(line).toContainText('Credited', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(line).toContainText('₹99');
  await expect(line).toContainText('₹19.80');
  await expect(affiliate.getByText('Ishaan')).toHaveCount(0);
  await expectAccessible(affiliate, 'affiliate earnings');
});

test('a pending affiliate sees the status and cannot copy the code or the link', async ({ browser }) => {
  const page = await affiliatePage(browser, 'affiliate.pending@parley.test');
  await expect(page.getByTestId('affiliate-status')).toContainText('Pending');
  await expect(page.getByRole('button', { name: 'Copy code' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeDisabled();
  await expect(page.getByText('Available once your partnership is approved.')).toBeVisible();
  const link = await page.request.get('/api/affiliate/link');
  expect(link.status()).toBe(403);
});

test('someone applies to be an affiliate, waits as Pending, and shares once a moderator who sees where they share approves', async ({ browser }) => {
  const name = 'Zoya Partner';
  const audience = 'About 40,000 people learning English for work.';
  const page = await (await browser.newContext()).newPage();
  await page.goto('/affiliate/login');
  await page.getByRole('link', { name: 'Apply to become one' }).click();
  await expect(page).toHaveURL(/\/affiliate\/apply$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Become an affiliate partner' })).toBeVisible();
  await expectAccessible(page, 'the affiliate application');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill('zoya.partner@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Country').selectOption('IN');
  await page.getByLabel('Where you will share Parley').fill('youtube.com/@zoya');
  await page.getByLabel('Your audience').fill(audience);
  await page.getByRole('button', { name: 'Apply' }).click();
  // A channel people cannot follow is refused at the field.
  await expect(page.getByLabel('Where you will share Parley')).toHaveAccessibleDescription(/Enter a web address starting with https:\/\//);
  await page.getByLabel('Where you will share Parley').fill('https://youtube.com/@zoya');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/affiliate\/dashboard$/);
  await expect(page.getByTestId('affiliate-status')).toContainText('Pending');
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeDisabled();

  const moderator = await (await browser.newContext()).newPage();
  await moderator.goto('/moderator/login');
  await moderator.getByLabel('Email').fill('moderator@parley.test');
  await moderator.getByLabel('Password').fill(PASSWORD);
  await moderator.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(moderator).toHaveURL(/\/moderator\/dashboard$/);
  const card = moderator.getByRole('article', { name: new RegExp(name) });
  await expect(card.getByRole('link', { name: /youtube\.com\/@zoya/ })).toHaveAttribute('href', 'https://youtube.com/@zoya');
  await expect(card).toContainText(audience);
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(card).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('affiliate-status')).toContainText('Approved');
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  await page.context().close();
  await moderator.context().close();
});
