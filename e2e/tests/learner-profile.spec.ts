import { expect, test } from '@playwright/test';
import { PASSWORD, signIn } from '../support/sign-in';
import { openTutor, pickDateWithSlots } from '../support/tutor-schedule';

// A new learner verifies their phone number with the code from the development outbox, and an
// IELTS learner books an IELTS tutor and finds the session on the IELTS dashboard, beside their
// band goal. Hannah Becker (IELTS only) is booked by no other journey.

const IELTS_TUTOR = 'Hannah Becker';

test('a new learner saves a phone number and verifies it with the code sent by SMS', async ({ page }) => {
  const email = `phone-${Date.now()}-${Math.floor(Math.random() * 1e6)}@parley.test`;
  const phone = `+91 98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Kiran Desai');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Country').selectOption('IN');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/learner$/);

  await page.goto('/user/profile');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await page.getByLabel('Date of birth').fill('1996-07-21');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  const verify = page.getByRole('region', { name: 'Verify your phone number' });
  await verify.getByRole('button', { name: 'Send code' }).click();
  await expect(verify.getByText(`We sent a 6-digit code to •••• ${phone.slice(-4)}.`, { exact: false })).toBeVisible();

  // The SMS, read from the development outbox.
  let code = '';
  await expect
    .poll(async () => {
      const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
      const { items } = (await outbox.json()) as { items: { channel: string; text: string }[] };
      code = items.find((item) => item.channel === 'sms')?.text.match(/\b\d{6}\b/)?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);

  // A wrong code first: refused with the tries left.
  await verify.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(verify.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');

  await verify.getByLabel('Code').fill(code);
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your phone number is verified.')).toBeVisible();
  await expect(verify).toBeHidden();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
});

test('an IELTS learner books an IELTS tutor and sees the session and their goal on the IELTS dashboard', async ({ page }) => {
  await signIn(page, { email: 'ielts@parley.test', login: '/login', home: /\/learner$/ });
  await page.goto('/user/profile');
  await page.getByLabel('Band you aim for').selectOption('7.5');
  // A test date is from today to two years on: 18 September of next year always is.
  const testYear = new Date().getUTCFullYear() + 1;
  await page.getByLabel('Test date').fill(`${testYear}-09-18`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  const drawer = await openTutor(page, IELTS_TUTOR, '/ielts/teachers');
  const { slots } = await pickDateWithSlots(drawer, IELTS_TUTOR);
  const slot = slots.first();
  const startAt = (await slot.getAttribute('data-start-at'))!;
  await slot.click();
  await drawer.getByRole('button', { name: 'Book a session' }).click();
  await page.getByRole('dialog', { name: 'Confirm your session' }).getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText(/^Slot Booked: /)).toBeVisible();

  await page.goto('/ielts/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'IELTS dashboard' })).toBeVisible();
  await expect(page.getByTestId('ielts-goal')).toContainText('7.5');
  await expect(page.getByTestId('ielts-goal')).toContainText(new RegExp(`18 Sept? ${testYear}`));
  const upcoming = page.getByRole('list', { name: 'Upcoming sessions' });
  await expect(upcoming.getByTestId('session-row').filter({ has: page.locator(`time[datetime="${startAt}"]`) })).toContainText(IELTS_TUTOR);
  // IELTS pages have the chat, where IELTS files can be shared.
  await expect(page.getByRole('button', { name: 'Chat' })).toBeVisible();
});

test('a learner who forgot the password resets it from the e-mailed link, then changes it on the profile and signs out elsewhere', async ({ page, browser }) => {
  const email = `reset-${Date.now()}-${Math.floor(Math.random() * 1e6)}@parley.test`;
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Country').selectOption('IN');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/learner$/);

  // Another browser asks for a reset from the login page.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other).toHaveURL(/\/forgot-password\?role=learner$/);
  // The address changes while the login page (with its own Email field) is still up and the next
  // page's code is arriving: wait for the page itself.
  await expect(other.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Send the link' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'If an account uses that email' })).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const outbox = await other.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const { items } = (await outbox.json()) as { items: { text: string }[] };
      link = /\/reset-password\?token=[A-Za-z0-9_-]+/.exec(items[0]?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await other.goto(link);
  await other.getByLabel('New password', { exact: true }).fill('a brand new password');
  await other.getByLabel('Repeat the new password').fill('a brand new password');
  await other.getByRole('button', { name: 'Save the new password' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill('a brand new password');
  await other.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(other).toHaveURL(/\/learner$/);

  // The reset signed the first browser out.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);

  // Signed in again there, the learner changes the password and ends the other browser's sign-in.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a brand new password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/learner$/);
  await page.goto('/user/profile');
  const security = page.getByRole('region', { name: 'Password and sign-in' });
  await security.getByLabel('Current password').fill('a brand new password');
  await security.getByLabel('New password').fill('another new password');
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed. You are signed out everywhere else.')).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await elsewhere.close();
});
