import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { pickDateWithSlots } from '../support/tutor-schedule';

// The money journeys (wallet top-up, buying sessions for kids, demo payment) through the
// built-in sandbox checkout, whose dialog has Pay / Fail / Close buttons.

const PASSWORD = 'Parley@2026';

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/learner$/);
}

/** '₹1,234.50' → 123450 (minor units). */
function minorOf(text: string): number {
  const match = /([\d,]+)(?:\.(\d{1,2}))?/.exec(text);
  if (!match) throw new Error(`No amount in '${text}'`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

function inr(minor: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: minor % 100 === 0 ? 0 : 2 }).format(minor / 100);
}

async function walletBalanceMinor(page: Page): Promise<number> {
  await page.goto('/wallet');
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toBeVisible();
  return minorOf((await balance.textContent()) ?? '');
}

test('a parent tops up the wallet and buys 2 English sessions for a kid from it', async ({ page }) => {
  await logIn(page, 'parent@parley.test');
  const before = await walletBalanceMinor(page);

  // Add ₹1,000 through the sandbox checkout.
  await page.getByRole('main').getByRole('button', { name: 'Add Money' }).first().click();
  const addMoney = page.getByRole('dialog', { name: 'Add Money' });
  await addMoney.getByRole('button', { name: '₹1,000' }).click();
  await expect(addMoney.getByLabel('Other amount')).toHaveValue('1000');
  await expectAccessible(page, 'add money modal');
  await addMoney.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('₹1,000.00');
  await page.getByTestId('sandbox-pay').click();

  await expect(page.getByText('Money added successfully')).toBeVisible();
  await expect(addMoney).toBeHidden();
  const afterTopUp = before + 100000;
  await expect(page.getByTestId('wallet-balance')).toHaveText(inr(afterTopUp));
  await expect(page.getByRole('list', { name: 'Wallet history' }).getByRole('listitem').first()).toContainText('Money added');

  // Switch to Aarav and buy 2 English sessions with the wallet.
  await page.goto('/kids/accounts?type=switch-kids');
  await page.getByRole('button', { name: 'Continue as Aarav Rao' }).click();
  await expect(page).toHaveURL(/\/kids\/dashboard$/);
  await page.goto('/kids/english/buy-sessions');
  await expect(page.getByRole('heading', { name: 'Buy sessions for Aarav Rao' })).toBeVisible();
  const sessionsLeft = page.getByTestId('sessions-left');
  await expect(sessionsLeft).toHaveText(/\d+/);
  await expect(page.getByTestId('kids-wallet-balance')).toHaveText(inr(afterTopUp));
  await page.getByRole('button', { name: 'More sessions' }).click();
  await expect(page.getByRole('status', { name: 'Session count' })).toHaveText('2');
  const total = minorOf((await page.getByTestId('grand-total').textContent()) ?? '');
  expect(total).toBe(2 * minorOf((await page.getByTestId('session-price').textContent()) ?? ''));
  await page.getByRole('button', { name: 'Pay using wallet' }).click();

  await expect(page.getByText('2 sessions added for Aarav Rao')).toBeVisible();
  await expect(page).toHaveURL(/\/kids\/english$/);
  await expect(page.getByRole('link', { name: `Wallet balance ${inr(afterTopUp - total)}` })).toBeVisible();
});

test('a failed top-up shows an error, closes the modal and leaves the balance alone', async ({ page }) => {
  await logIn(page, 'learner@parley.test');
  const before = await walletBalanceMinor(page);

  await page.getByRole('banner').getByRole('button', { name: 'Add Money' }).click();
  const addMoney = page.getByRole('dialog', { name: 'Add Money' });
  await addMoney.getByLabel('Other amount').fill('750');
  await addMoney.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('sandbox-fail').click();

  await expect(page.getByText('Payment failed: Card declined by bank')).toBeVisible();
  await expect(addMoney).toBeHidden();
  await expect(page.getByTestId('wallet-balance')).toHaveText(inr(before));
});

test('a new learner pays for a demo on /book-demo and is sent on to book it', async ({ page }) => {
  const email = `demo-${Date.now()}-${Math.floor(Math.random() * 1e6)}@parley.test`;
  await page.goto('/book-demo');
  await expect(page.getByRole('heading', { name: 'Book your trial session' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign up' }).click();

  await page.getByLabel('Full name').fill('Meera Demo');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Country').selectOption('IN');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The sign-up returns to /book-demo, where India pays ₹99.
  await expect(page).toHaveURL(/\/book-demo$/);
  await page.getByRole('button', { name: 'Pay ₹99' }).click();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('₹99.00');
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByText('Demo sesion purchased successfully')).toBeVisible();

  const me = await page.request.get('/api/auth/me?role=learner');
  expect(me.ok()).toBe(true);
  expect((await me.json()).user.isDemoPayed).toBe(true);

  await page.getByRole('link', { name: 'Book your demo' }).click();
  await expect(page).toHaveURL(/\/learner\/book-a-session$/);

  // The paid demo books a Demo session with a tutor (no other journey books Oliver Grant).
  const tutor = 'Oliver Grant';
  await page.getByRole('button', { name: `View schedule of ${tutor}` }).click();
  const drawer = page.getByRole('dialog', { name: tutor });
  const { slots } = await pickDateWithSlots(drawer, tutor);
  const startAt = (await slots.first().getAttribute('data-start-at'))!;
  await slots.first().click();
  await drawer.getByRole('button', { name: 'Book a demo session' }).click();
  await page.getByRole('dialog', { name: 'Confirm your session' }).getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText(/^Slot Booked: /)).toBeVisible();

  await page.goto('/learner/session');
  const row = page.getByTestId('session-row').filter({ has: page.locator(`time[datetime="${startAt}"]`) });
  await expect(row).toContainText(tutor);
  await expect(row).toContainText('Demo');
});
