import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { openTutor, pickDateWithSlots, slotsSettled } from '../support/tutor-schedule';

// Booking: the Explore Tutors drawer, the booking flow and who may book: a
// subscribed learner books a tutor's slot from /learner/teachers, finds it on /learner/session,
// and the slot is no longer offered; a learner without a plan or a demo is told 'Not subscribed!'.
// Daniel Brooks is booked by no other journey, so parallel specs never race for his slots.

const PASSWORD = 'Parley@2026';
const TUTOR = 'Daniel Brooks';

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/learner$/);
}

test('a subscribed learner books a slot, finds it on /learner/session, and the slot is gone', async ({ page }) => {
  await logIn(page, 'learner@parley.test');
  const drawer = await openTutor(page, TUTOR);
  const book = drawer.getByRole('button', { name: 'Book a session' });
  await expect(book).toBeDisabled();

  const { date, slots } = await pickDateWithSlots(drawer, TUTOR);
  // Show More reveals the later groups; take the last slot of the day.
  const showMore = drawer.getByRole('button', { name: 'Show More' });
  if (await showMore.isVisible()) await showMore.click();
  const slot = slots.last();
  const startAt = (await slot.getAttribute('data-start-at'))!;
  const timeView = (await slot.textContent())!.trim();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-selected', 'true');
  await expect(book).toBeEnabled();
  await expectAccessible(page, 'booking · tutor drawer, slot picked');

  await book.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your session' });
  await expect(confirm).toContainText(TUTOR);
  await expect(confirm).toContainText(timeView);
  await expectAccessible(page, 'booking · confirmation');
  await confirm.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(page.getByText(/^Slot Booked: /)).toContainText(timeView);
  await expect(page).toHaveURL(/\/learner$/);
  // The home page previews the learner's next sessions.
  await expect(page.getByRole('list', { name: 'Upcoming sessions' }).getByTestId('session-row').first()).toBeVisible();

  // The sessions list shows it, at the same instant, with the tutor.
  await page.goto('/learner/session');
  const row = page.getByTestId('session-row').filter({ has: page.locator(`time[datetime="${startAt}"]`) });
  await expect(row).toContainText(TUTOR);
  await expect(row).toContainText('English');
  // The card writes the slot's start as the slot did.
  await expect(row).toContainText(timeView.split(' - ')[0]!);

  // Reopening the tutor on that date no longer offers the slot.
  const again = await openTutor(page, TUTOR);
  await again.locator(`[data-date="${date}"]`).click();
  await slotsSettled(again);
  await expect(again.locator(`[data-start-at="${startAt}"]`)).toHaveCount(0);
});

test("a learner without a plan or a demo who tries to book sees 'Not subscribed!'", async ({ page }) => {
  await logIn(page, 'newbie@parley.test');
  const drawer = await openTutor(page, TUTOR);
  const { slots } = await pickDateWithSlots(drawer, TUTOR);
  await slots.first().click();
  await drawer.getByRole('button', { name: 'Book a session' }).click();

  const dialog = page.getByRole('dialog', { name: 'Not subscribed!' });
  await expect(dialog).toContainText("You won't be able to book a slot unless you are a subscriber (or have taken a demo).");
  await expect(dialog.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/learner/subscription-plans');
  await expect(dialog.getByRole('link', { name: 'Book a Demo' })).toHaveAttribute('href', '/book-demo');
  await dialog.getByRole('link', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/learner\/subscription-plans$/);
});
