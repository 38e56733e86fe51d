import { expect, test } from '@playwright/test';
import { accounts, signIn } from '../support/sign-in';
import { openTutor, pickDateWithSlots } from '../support/tutor-schedule';

// An open schedule follows the tutor's changes without a reload: the server tells the learner's
// socket, and the drawer asks again (its own refresh would wait half a minute).
// Grace Thompson appears in no other journey, so changing her hours races with nothing.

const grace = { ...accounts.tutor, email: 'grace.thompson@parley.test' };
const CLIENT_HEADER = { 'x-parley-client': 'web' };

test('a learner’s open schedule empties as soon as the tutor clears her week', async ({ page, browser }) => {
  await signIn(page, accounts.learner);
  const drawer = await openTutor(page, 'Grace Thompson');
  const { slots } = await pickDateWithSlots(drawer, 'Grace Thompson');
  await expect(slots.first()).toBeVisible();

  const tutorContext = await browser.newContext();
  const tutor = await tutorContext.newPage();
  await signIn(tutor, grace);
  const week = await (await tutor.request.get('/api/teacher/availability')).json();
  const cleared = await tutor.request.put('/api/teacher/availability', { data: { ranges: [], daysOff: week.daysOff }, headers: CLIENT_HEADER });
  expect(cleared.ok()).toBe(true);
  try {
    // Well inside the half minute after which the drawer would ask again by itself.
    await expect(drawer.locator('[data-start-at]')).toHaveCount(0, { timeout: 10_000 });
    await expect(drawer.getByText('Sorry! Teacher not available on this date.').or(drawer.getByText('Slots not available'))).toBeVisible();
  } finally {
    await tutor.request.put('/api/teacher/availability', { data: { ranges: week.ranges, daysOff: week.daysOff }, headers: CLIENT_HEADER });
    await tutorContext.close();
  }
  // And back: her hours return to the open drawer too.
  await expect(drawer.locator('[data-start-at]').first()).toBeVisible({ timeout: 10_000 });
});
