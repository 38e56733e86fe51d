import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD } from './sign-in';

// Peer practice as brand-new learners: sign up, buy the Peer Learning plan through the sandbox
// checkout, take the placement, and read the dashboard. The queue is global, so every journey
// that queues places its learners at a level more than one apart from every other journey's
// (matching pairs levels at most one apart): the answer to the placement decides the level.

export type Learner = { context: BrowserContext; page: Page; name: string };

/** How many placement statements to answer "yes" (in a row, from the first) for each level. */
export const placementYeses = { A1: 0, A2: 1, B1: 2, B2: 3, C1: 4, C2: 5 } as const;
export type PeerLevel = keyof typeof placementYeses;

/** A new learner in India, in their own browser context with the fake camera and microphone allowed. */
export async function signUpLearner(browser: Browser, name: string): Promise<Learner> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(`peer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@parley.test`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Country').selectOption('IN');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/learner$/);
  return { context, page, name };
}

/** Buys the Peer Learning plan with Pay now and the sandbox checkout's Pay. */
export async function buyPeerPlan(page: Page): Promise<void> {
  await page.goto('/peer-learning/subscription-plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Peer Learning plans' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay now for Peer Learning/ }).click();
  await expect(page.getByTestId('sandbox-amount')).toBeVisible();
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('sandbox-checkout')).toHaveCount(0);
}

/** The placement form on a first visit to the dashboard. */
export function placementForm(page: Page): Locator {
  return page.getByRole('region', { name: 'Find your level' });
}

/** Answers the placement so that it gives `level`, and goes on to the dashboard. */
export async function takePlacement(page: Page, level: PeerLevel, firstLanguage: string): Promise<void> {
  await page.goto('/peer-learning/dashboard');
  const form = placementForm(page);
  await expect(form).toBeVisible();
  const statements = form.getByRole('group');
  await expect(statements).toHaveCount(5);
  for (let i = 0; i < 5; i += 1) await statements.nth(i).getByLabel(i < placementYeses[level] ? 'Yes' : 'No').check();
  await form.getByLabel('Your first language').fill(firstLanguage);
  await form.getByRole('button', { name: 'See my level' }).click();
  await expect(page.getByRole('heading', { name: `Your level: ${level}` })).toBeVisible();
  await page.getByRole('button', { name: 'Go to my dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Practise now' })).toBeVisible();
}

/** The big number on the dashboard's Minutes left card. */
export async function minutesLeft(page: Page): Promise<number> {
  const card = page.getByRole('region', { name: 'Minutes left' });
  await expect(card).toBeVisible();
  const text = await card.innerText();
  const match = /Minutes left\s+(\d+)\s+minutes?/i.exec(text);
  if (!match) throw new Error(`No minutes in the card: ${text}`);
  return Number(match[1]);
}

/** Practise now, in the mode chosen; answers once the dashboard shows the wait or the call opened. */
export async function practiseNow(page: Page, mode: 'video' | 'audio' = 'video'): Promise<void> {
  const practise = page.getByRole('region', { name: 'Practise now' });
  await practise.getByLabel(mode === 'video' ? 'Video call' : 'Audio only').check();
  await practise.getByRole('button', { name: 'Practise now' }).click();
  await expect(page.getByRole('heading', { name: 'Finding a partner…' }).or(page.getByRole('button', { name: 'Join call' }))).toBeVisible();
}

/** The call's lobby is ready: the preview has started (a picture in a video call) and Join call is on. */
export async function inPeerLobby(page: Page, mode: 'video' | 'audio'): Promise<void> {
  await expect(page).toHaveURL(/\/peer-learning\/call\?call=/);
  await expect(page.getByTestId('local-preview')).toBeVisible();
  if (mode === 'video') await page.waitForFunction(() => ((document.querySelector('[data-testid="local-preview"]') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);
  await expect(page.getByRole('button', { name: 'Join call' })).toBeEnabled();
}

/** "12 min 5 s", "45 s", "3 min" → seconds. */
export function secondsOf(text: string): number {
  const match = /^(?:(\d+)\s+min)?\s*(?:(\d+)\s+s)?$/.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) throw new Error(`Not a duration: '${text}'`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

/** A value of the call summary's figures (Duration, Minutes used, Minutes left). */
export function summaryFigure(page: Page, term: 'Duration' | 'Minutes used' | 'Minutes left'): Locator {
  return page.getByRole('region', { name: 'Call ended' }).locator('div', { has: page.getByText(term, { exact: true }) }).locator('dd');
}

/** Adds a kid with a birth date from the kids' accounts page (a new parent has none yet). */
export async function addKid(page: Page, name: string, dob?: string): Promise<void> {
  await page.goto('/kids/accounts?type=switch-kids');
  const form = page.getByRole('region', { name: 'Add kid' });
  await form.getByLabel("Kid's name").fill(name);
  await form.getByRole('radio', { name: 'Owl' }).check({ force: true });
  if (dob) await form.getByLabel('Date of birth (optional)').fill(dob);
  await form.getByRole('button', { name: 'Add kid' }).click();
  await expect(page.getByText('Kid profile created')).toBeVisible();
}

/** On /kid-peer/profile: switches peer practice on for the kid and saves their level. */
export async function allowKidPeerPractice(page: Page, kidName: string, level: PeerLevel, firstLanguage: string): Promise<void> {
  await page.goto('/kid-peer/profile');
  const consent = page.getByRole('switch', { name: new RegExp(`Let ${kidName} practise with other kids`) });
  await expect(consent).not.toBeChecked();
  await consent.click();
  await expect(consent).toBeChecked();
  const levelForm = page.getByRole('form', { name: 'Speaking level' });
  await levelForm.getByLabel('Level').selectOption(level);
  await levelForm.getByLabel('First language').fill(firstLanguage);
  await levelForm.getByRole('button', { name: 'Save level' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
}
