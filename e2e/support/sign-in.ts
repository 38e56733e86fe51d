import { expect, type Page } from '@playwright/test';

// Signing in as a seeded demo account (README "Demo accounts") through its area's login page.

export const PASSWORD = 'Parley@2026';

export type DemoAccount = { email: string; login: string; home: RegExp; peer?: boolean };

export const accounts = {
  learner: { email: 'learner@parley.test', login: '/login', home: /\/learner$/ },
  newbie: { email: 'newbie@parley.test', login: '/login', home: /\/learner$/ },
  ielts: { email: 'ielts@parley.test', login: '/login', home: /\/learner$/ },
  // A new-curriculum learner with a curriculum plan lands on her curriculum (curriculumHome).
  curriculum: { email: 'curriculum@parley.test', login: '/login', home: /\/curriculumNew$/ },
  parent: { email: 'parent@parley.test', login: '/login', home: /\/learner$/ },
  peer: { email: 'peer@parley.test', login: '/peer-signup', home: /\/peer-learning\/dashboard$/, peer: true },
  tutor: { email: 'tutor@parley.test', login: '/teacher/login', home: /\/teacher\/dashboard$/ },
  moderator: { email: 'moderator@parley.test', login: '/moderator/login', home: /\/moderator\/dashboard$/ },
  affiliate: { email: 'affiliate@parley.test', login: '/affiliate/login', home: /\/affiliate\/dashboard$/ },
  creator: { email: 'creator@parley.test', login: '/creators/login', home: /\/creators\/dashboard$/ },
} satisfies Record<string, DemoAccount>;

/** Opens the account's login page, signs in and waits for its area's home page. */
export async function signIn(page: Page, account: DemoAccount): Promise<void> {
  await page.goto(account.login);
  if (account.peer) await page.getByRole('button', { name: 'Already a peer? Log in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(account.home);
}
