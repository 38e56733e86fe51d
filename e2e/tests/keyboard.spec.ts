import { expect, test, type Page } from '@playwright/test';
import { expectFocusOn, expectFocusPlaced, tabTo } from '../support/keyboard';
import { accounts, signIn } from '../support/sign-in';
import { slotsSettled } from '../support/tutor-schedule';

// The main journeys with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape; no
// clicks after signing in), asserting where focus is after every step: inside a dialog while it is
// open, back on its opener when it closes, on the new page's heading after a navigation, and
// never dropped on <body>.
// Marcus Lee is booked by no other journey, and each test uses an account whose data no parallel
// journey reads back (ielts@ for the wallet). learner@ is booked by other journeys too, always at
// the last time of a day from tomorrow on, so this one takes the first time of a later day.

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000, navigationTimeout: 30_000 });

const TUTOR = 'Marcus Lee';

/** The skip link is the first Tab stop and takes focus to the page's main region. */
async function skipToMain(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expectFocusOn(skip, 'the first Tab');
  await page.keyboard.press('Enter');
  await expectFocusOn(page.getByRole('main'), 'Enter on the skip link');
}

test('a learner books a session from /learner/teachers with the keyboard', async ({ page }) => {
  await signIn(page, accounts.learner);
  await page.goto('/learner/teachers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await skipToMain(page);

  // The tutor's card → the drawer, focus inside it.
  const open = page.getByRole('button', { name: `View schedule of ${TUTOR}` });
  await tabTo(open);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: TUTOR });
  await expect(drawer).toBeVisible();
  await expectFocusOn(drawer, 'opening the tutor drawer', true);

  // The date strip is one Tab stop; arrow keys move the choice until a date from the day after
  // tomorrow on has free slots.
  const checkedDate = drawer.getByRole('radiogroup', { name: 'Date' }).getByRole('radio', { checked: true });
  await tabTo(checkedDate);
  let slots = drawer.locator('[data-start-at]');
  for (let day = 1; day < 14; day += 1) {
    await page.keyboard.press('ArrowRight');
    await expectFocusOn(checkedDate, `ArrowRight to day ${day}`);
    slots = await slotsSettled(drawer);
    if (day >= 2 && (await slots.count()) > 0) break;
  }
  expect(await slots.count(), `${TUTOR} has a free slot in the next 13 days`).toBeGreaterThan(0);

  // The slots are one Tab stop too; End then Home picks the first one.
  const slotStop = drawer.locator('[data-start-at][tabindex="0"]');
  await tabTo(slotStop);
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  const picked = drawer.locator('[data-start-at][aria-selected="true"]');
  await expect(picked).toHaveCount(1);
  await expectFocusOn(picked, 'Home in the slot list');
  const startAt = (await picked.getAttribute('data-start-at'))!;
  const timeView = (await picked.textContent())!.trim();

  // Book → the confirmation, focus inside it; Escape returns to Book; then book for real.
  const book = drawer.getByRole('button', { name: 'Book a session' });
  await tabTo(book);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm your session' });
  await expect(confirm).toContainText(timeView);
  await expectFocusOn(confirm, 'opening the confirmation', true);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(drawer).toBeVisible();
  await expectFocusOn(book, 'Escape on the confirmation');
  await page.keyboard.press('Enter');
  await expectFocusOn(confirm, 'reopening the confirmation', true);
  await tabTo(confirm.getByRole('button', { name: 'Confirm booking' }));
  await page.keyboard.press('Enter');

  await expect(page.getByText(/^Slot Booked: /)).toContainText(timeView);
  await expect(page).toHaveURL(/\/learner$/);
  await expectFocusPlaced(page, 'booking');
  await expectFocusOn(page.getByRole('main'), 'booking (the home page takes focus)', true);

  // The booking is real: the sessions list has it at that instant.
  const sessions = await page.request.get('/api/sessions?when=upcoming&limit=50');
  const { items } = (await sessions.json()) as { items: { startAt: string; teacher: { name: string } }[] };
  expect(items).toContainEqual(expect.objectContaining({ startAt, teacher: expect.objectContaining({ name: TUTOR }) }));
});

test('a learner opens the chat drawer, starts a chat and sends a message with the keyboard', async ({ page }) => {
  await signIn(page, accounts.learner);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Signing in lands on the home page's heading; the tab bar with Chat is above it.
  const launcher = page.getByRole('button', { name: 'Chat', exact: true });
  await tabTo(launcher, { backwards: true });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Chat with tutors' });
  await expect(drawer).toBeVisible();
  await expectFocusOn(drawer, 'opening the chat drawer', true);

  const newChat = drawer.getByRole('button', { name: 'New chat' });
  await tabTo(newChat);
  await page.keyboard.press('Enter');
  const pick = drawer.getByRole('button', { name: `Chat with ${TUTOR}` });
  await expect(pick).toBeVisible();
  await expectFocusOn(drawer, 'New chat', true);
  await expectFocusPlaced(page, 'New chat');

  // Back (Escape would close the drawer) returns to New chat; then pick the tutor.
  await tabTo(drawer.getByRole('button', { name: 'Back' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expectFocusOn(newChat, 'Back from the new-chat picker');
  await page.keyboard.press('Enter');
  await tabTo(pick);
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('heading', { name: TUTOR })).toBeVisible();
  await expectFocusOn(drawer, 'starting the chat', true);
  await expectFocusPlaced(page, 'starting the chat');

  const box = drawer.getByRole('textbox', { name: 'Message' });
  await tabTo(box);
  const text = `Keyboard hello ${Date.now()}`;
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');
  await expectFocusOn(box, 'sending with Enter');

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expectFocusOn(launcher, 'Escape on the chat drawer');
});

test('a learner adds money with the keyboard, through the sandbox checkout', async ({ page }) => {
  await signIn(page, accounts.ielts);
  await page.goto('/wallet');
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toBeVisible();
  const before = (await balance.textContent())!;

  const addMoney = page.getByRole('main').getByRole('button', { name: 'Add Money' }).first();
  await tabTo(addMoney);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Add Money' });
  await expect(modal).toBeVisible();
  await expectFocusOn(modal, 'opening Add Money', true);

  // Type an amount and submit the form with Enter.
  const amount = modal.getByLabel('Other amount');
  await tabTo(amount);
  // Rupees take no decimals (spec §5): typed key by key, 25.5 stays 25, and the field says why.
  await page.keyboard.type('25.5');
  await expect(amount).toHaveValue('25');
  await expect(modal.getByText('Enter the amount in whole rupees.')).toBeVisible();
  await page.keyboard.press('Backspace');
  await page.keyboard.type('50');
  await expect(amount).toHaveValue('250');
  await expect(modal.getByText('Enter the amount in whole rupees.')).toBeHidden();
  await page.keyboard.press('Enter');
  const pay = page.getByTestId('sandbox-pay');
  await expect(page.getByTestId('sandbox-amount')).toHaveText('₹250.00');
  await expectFocusOn(pay, 'Next (the sandbox checkout focuses Pay)');
  // Tab stays inside the checkout (Pay, reason, Fail, Close, and round again).
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  await expectFocusOn(pay, 'four Tabs round the sandbox checkout');
  await page.keyboard.press('Enter');

  await expect(page.getByText('Money added successfully')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(balance).not.toHaveText(before);
  await expectFocusOn(addMoney, 'paying (Add Money closes and focus returns to its opener)');
});

test('a parent chooses a kid and switches kids with the keyboard', async ({ page }) => {
  await signIn(page, accounts.parent);
  await page.goto('/kids/accounts?type=switch-kids');
  await expect(page.getByRole('heading', { name: 'Who is learning today?' })).toBeVisible();

  await tabTo(page.getByRole('button', { name: 'Continue as Aarav Rao' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kids\/dashboard$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Hi Aarav Rao!' });
  await expect(heading).toBeVisible();
  await expectFocusOn(heading, 'Continue as (the dashboard heading takes focus)');

  // The kid switcher is a menu button: Enter opens it on the first kid, arrows move, Enter chooses.
  const switcher = page.getByRole('button', { name: /^Switch kid/ });
  await tabTo(switcher, { backwards: true });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Kids' });
  await expect(menu).toBeVisible();
  await expectFocusOn(menu.getByRole('menuitem').first(), 'opening the kid switcher');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expectFocusOn(switcher, 'Escape on the kid switcher');

  await page.keyboard.press('ArrowDown');
  await expect(menu).toBeVisible();
  const diya = menu.getByRole('menuitem', { name: /Diya Rao/ });
  for (let i = 0; i < 4 && !(await diya.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('ArrowDown');
  await expectFocusOn(diya, 'ArrowDown to Diya Rao');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Hi Diya Rao!' })).toBeVisible();
  await expect(menu).toBeHidden();
  await expectFocusPlaced(page, 'switching to Diya Rao');
  await expectFocusOn(page.getByRole('button', { name: 'Switch kid, Diya Rao is active' }), 'switching to Diya Rao (focus back on the switcher)');
});
