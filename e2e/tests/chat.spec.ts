import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';

// Chat: the chat drawer, session requests and their status, in real time: a learner and the tutor
// chat live in two browsers; the learner requests a slot for tomorrow, the tutor books it, the
// learner sees Booked live and the session is in the learner's sessions list. The tutor's Chat menu
// item counts the learners' unread messages.

const PASSWORD = 'Parley@2026';

async function signIn(browser: Browser, loginPath: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(loginPath);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: /sign in|log in|login/i }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return page;
}

test('learner and tutor chat live; a requested slot is booked by the tutor', async ({ browser }) => {
  const learner = await signIn(browser, '/login', 'learner@parley.test');
  const tutor = await signIn(browser, '/teacher/login', 'tutor@parley.test');

  // The tutor waits on /teacher/chat; rooms learners open arrive live.
  await tutor.goto('/teacher/chat');
  await expect(tutor.getByRole('heading', { name: 'Chat', exact: true })).toBeVisible();

  // The learner opens the chat drawer from the /learner tab bar and starts a chat with Ananya Iyer.
  await learner.goto('/learner');
  await learner.getByRole('button', { name: 'Chat', exact: true }).click();
  const drawer = learner.getByRole('dialog', { name: 'Chat with tutors' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'New chat' }).click();
  await drawer.getByRole('button', { name: 'Chat with Ananya Iyer' }).click();
  await expect(drawer.getByRole('heading', { name: 'Ananya Iyer' })).toBeVisible();
  await expectAccessible(learner, 'chat drawer · conversation');

  // A text, sent with Enter; markup stays text.
  const hello = `Hello Ananya <b>${Date.now()}</b>`;
  const box = drawer.getByRole('textbox', { name: 'Message' });
  await expect(drawer.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.fill(hello);
  await box.press('Enter');
  await expect(drawer.getByRole('list', { name: 'Messages' }).getByText(hello, { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');

  // The tutor's Chat menu item counts it as unread, live; the tutor sees the new room and the
  // message, and reading it takes it off the count.
  const chatItem = tutor.getByRole('navigation', { name: 'Tutor menu' }).first().getByRole('link', { name: /^Chat/ });
  await expect(chatItem).toHaveAccessibleName(/^Chat, \d+ unread$/);
  const unreadBefore = Number(/, (\d+) unread/.exec((await chatItem.getAttribute('aria-label')) ?? '')?.[1]);
  await tutor.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Rohan Sharma/ }).click();
  const tutorMessages = tutor.getByRole('list', { name: 'Messages' });
  await expect(tutorMessages.getByText(hello, { exact: true })).toBeVisible();
  await expect(chatItem).toHaveAccessibleName(unreadBefore > 1 ? `Chat, ${unreadBefore - 1} unread` : 'Chat');

  // The learner requests a slot for tomorrow: the last free time of the day.
  await drawer.getByRole('button', { name: 'Request a slot' }).click();
  const dateSelect = drawer.getByLabel('Date');
  const tomorrow = await dateSelect.locator('option').nth(1).getAttribute('value');
  await dateSelect.selectOption(tomorrow!);
  const timeSelect = drawer.getByLabel('Time');
  await expect(timeSelect.locator('option').first()).toHaveText('Select Time');
  await expect(timeSelect.locator('option').first()).toBeDisabled();
  const freeSlots = timeSelect.locator('option:not([disabled])');
  const startAt = await freeSlots.last().getAttribute('value');
  const timeLabel = (await freeSlots.last().textContent())!.trim();
  await timeSelect.selectOption(startAt!);
  await box.fill('Could we practise interview answers?');
  await drawer.getByRole('button', { name: 'Send' }).click();
  const learnerRequest = drawer.getByTestId('chat-message').filter({ hasText: 'Could we practise interview answers?' });
  await expect(learnerRequest.getByText('Requested', { exact: true })).toBeVisible();
  await expect(learnerRequest.getByText(timeLabel, { exact: true })).toBeVisible();

  // The tutor books it: a toast, and both sides see Booked live.
  const tutorRequest = tutorMessages.getByTestId('chat-message').filter({ hasText: 'Could we practise interview answers?' });
  await tutorRequest.getByRole('button', { name: 'Book' }).click();
  await expect(tutor.getByText('Session is Booked')).toBeVisible();
  await expect(tutorRequest.getByText('Booked', { exact: true })).toBeVisible();
  await expect(tutorRequest.getByRole('button', { name: 'Book' })).toHaveCount(0);
  await expect(learnerRequest.getByText('Booked', { exact: true })).toBeVisible();

  // The booked session is in the learner's sessions list.
  const sessions = await learner.request.get('/api/sessions?when=upcoming&limit=50');
  expect(sessions.ok()).toBe(true);
  const { items } = (await sessions.json()) as { items: { startAt: string; teacher: { name: string } }[] };
  expect(items).toContainEqual(expect.objectContaining({ startAt, teacher: expect.objectContaining({ name: 'Ananya Iyer' }) }));

  await learner.context().close();
  await tutor.context().close();
});
