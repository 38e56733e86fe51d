import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { accounts, signIn, type DemoAccount } from '../support/sign-in';

// The new curriculum as its learner and tutor use it: Neha Gupta (curriculum@parley.test, A1 passed
// with its certificate, two A2 topics done, the third taught an hour before the seed ran) books her
// next A2 topic; Ananya Iyer (tutor@parley.test) marks the taught topic completed with a note;
// Neha's progress then counts it and shows the note; her A1 certificate's PDF and public check.
// She books with Priya Nair, whom no other journey books, so parallel specs never race for her slots.

const TUTOR = 'Priya Nair';
const NEXT_TOPIC = 'Travel and transport'; // A2 topic 4: topic 3 is held by the session awaiting its mark
const PENDING_TOPIC = 'Health and the doctor'; // A2 topic 3
const NOTE = 'Described her symptoms clearly and asked the doctor two good questions.';

async function signedIn(browser: Browser, account: DemoAccount): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** Tries the dates after today until the chosen tutor has a free slot; answers the slots. */
async function pickDateWithSlots(page: Page): Promise<Locator> {
  const date = page.getByRole('combobox', { name: 'Date' });
  const times = page.getByRole('group', { name: /^Time/ });
  const slots = times.getByRole('button');
  const days = await date.getByRole('option').count();
  for (let i = 1; i < days; i += 1) {
    await date.selectOption({ index: i });
    await expect(slots.first().or(times.getByText('Sorry! Teacher not available on this date.'))).toBeVisible();
    if ((await slots.count()) > 0) return slots;
  }
  throw new Error(`${TUTOR} has no free curriculum slot in the next ${days - 1} days`);
}

test('Neha books her next topic, the tutor marks the taught one, her progress shows it, and her A1 certificate checks out', async ({ browser }) => {
  const learner = await signedIn(browser, accounts.curriculum);

  // /curriculumNew: her level, and the next topic one click from booking.
  await expect(learner.getByRole('heading', { level: 1, name: 'Curriculum' })).toBeVisible();
  await expect(learner.getByText('A2 · Everyday conversations')).toBeVisible();
  await expect(learner.getByText('2 of 6', { exact: true })).toBeVisible();
  const next = learner.getByRole('region', { name: NEXT_TOPIC });
  await expect(next).toContainText('Next topic · A2 · Topic 4');
  await next.getByRole('link', { name: 'Book this topic' }).click();

  // /curriculumNew/bookSessionV2: tutor, date and time.
  await expect(learner).toHaveURL(/\/curriculumNew\/bookSessionV2$/);
  await expect(learner.getByRole('heading', { name: `${NEXT_TOPIC} · A2` })).toBeVisible();
  await learner.getByRole('combobox', { name: 'Tutor' }).selectOption({ label: TUTOR });
  const slot = (await pickDateWithSlots(learner)).last();
  const timeView = (await slot.textContent())!.trim();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await learner.getByRole('button', { name: `Book ${NEXT_TOPIC} at ${timeView}` }).click();
  const confirm = learner.getByRole('dialog', { name: 'Confirm your session' });
  await expect(confirm).toContainText(`${NEXT_TOPIC} · A2`);
  await expect(confirm).toContainText(TUTOR);
  await expect(confirm).toContainText(timeView);
  await confirm.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(learner.getByText(/^Slot Booked: /)).toContainText(timeView);
  await expect(learner).toHaveURL(/\/curriculumNew$/);
  const booked = learner.getByRole('region', { name: 'Booked sessions' }).getByRole('listitem').filter({ hasText: NEXT_TOPIC });
  await expect(booked).toContainText(`A2 · with ${TUTOR}`);
  // Booked ahead, so the step after it is next.
  await expect(learner.getByRole('region', { name: 'Work and studies' })).toContainText('Topic 5');
  // Her session list shows each session's topic.
  await learner.goto('/curriculumNew/session');
  const row = learner.getByTestId('session-row').filter({ hasText: TUTOR });
  await expect(row.getByTestId('curriculum-topic')).toContainText(`Topic: ${NEXT_TOPIC} · Level A2`);

  // The tutor marks the taught topic on /teacher/sessions (Past), after auditing the mark form at both widths.
  const tutor = await signedIn(browser, accounts.tutor);
  await tutor.goto('/teacher/sessions?when=past');
  const taught = tutor.getByTestId('tutor-session-row').filter({ hasText: 'Neha Gupta' }).filter({ hasText: PENDING_TOPIC });
  await expect(taught.getByTestId('curriculum-topic')).toContainText(`Topic: ${PENDING_TOPIC} · Level A2`);
  const form = taught.getByRole('form', { name: 'Mark this session' });
  const save = form.getByRole('button', { name: 'Save mark' });
  await save.click();
  await expect(form.getByRole('textbox', { name: 'Note for the learner (required)' })).toHaveAccessibleDescription('Write a short note for the learner.');
  await form.getByRole('radio', { name: 'Completed', exact: true }).check();
  await form.getByRole('textbox', { name: 'Note for the learner (required)' }).fill(NOTE);
  for (const width of [1280, 390]) {
    await tutor.setViewportSize({ width, height: 844 });
    await expectAccessible(tutor, `tutor sessions · curriculum mark form at ${width}px`, { hard: true });
  }
  await save.click();
  await expect(taught.getByTestId('curriculum-topic')).toContainText(`Completed — ${NOTE}`);
  await expect(form).toHaveCount(0);

  // Her progress counts it, with the tutor's note.
  await learner.goto('/curriculumNew/progress');
  const a2 = learner.getByRole('region', { name: 'A2 · Everyday conversations' });
  await expect(a2).toContainText('3 of 6 topics completed');
  const done = a2.getByRole('listitem').filter({ hasText: `3. ${PENDING_TOPIC}` });
  await expect(done).toContainText('Completed');
  await expect(done).toContainText(NOTE);
  await expect(done).toContainText('Ananya Iyer · completed');

  // The A1 certificate: a real PDF, and its code checks out publicly.
  const a1 = learner.getByRole('region', { name: /^A1 · / });
  const pdfHref = (await a1.getByRole('link', { name: 'Open the A1 certificate (PDF)' }).getAttribute('href'))!;
  const pdf = await learner.request.get(pdfHref);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const check = a1.getByRole('link', { name: /^Check code / });
  const code = (await check.textContent())!.replace('Check code ', '').trim();
  await check.click();
  await expect(learner).toHaveURL(new RegExp(`/certificates/${code}$`));
  const result = learner.getByRole('region', { name: 'This certificate is valid' });
  await expect(result).toContainText('Neha Gupta');
  await expect(result).toContainText('A1');

  await learner.context().close();
  await tutor.context().close();
});
