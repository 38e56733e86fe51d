import { expect, type Locator, type Page } from '@playwright/test';

// Driving a tutor's schedule drawer: open it from a tutor
// list, wait for a date's slots, and find the first date after today with a free slot.

/** Opens the named tutor's drawer from the tutor list at `listPath`. */
export async function openTutor(page: Page, tutor: string, listPath = '/learner/teachers'): Promise<Locator> {
  await page.goto(listPath);
  await page.getByRole('button', { name: `View schedule of ${tutor}` }).click();
  const drawer = page.getByRole('dialog', { name: tutor });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Waits until the picked date's schedule has answered: slots, or one of the no-slot notices. */
export async function slotsSettled(drawer: Locator): Promise<Locator> {
  const slots = drawer.locator('[data-start-at]');
  await expect(slots.first().or(drawer.getByText('Sorry! Teacher not available on this date.')).or(drawer.getByText('Slots not available'))).toBeVisible();
  return slots;
}

/** Picks the first date after today that has a free slot; answers the date and its slots. */
export async function pickDateWithSlots(drawer: Locator, tutor: string) {
  const dates = drawer.getByRole('radiogroup', { name: 'Date' }).getByRole('radio');
  await expect(dates).toHaveCount(14);
  for (let i = 1; i < 14; i += 1) {
    await dates.nth(i).click();
    await expect(dates.nth(i)).toBeChecked();
    const slots = await slotsSettled(drawer);
    if ((await slots.count()) > 0) return { date: (await dates.nth(i).getAttribute('data-date'))!, dateButton: dates.nth(i), slots };
  }
  throw new Error(`${tutor} has no free slot in the next 13 days`);
}
