import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { accounts, signIn } from '../support/sign-in';
import { openTutor } from '../support/tutor-schedule';

// A tutor edits what learners read on their card (/teacher/profile), and a learner sees it at once.
// Sofia Martínez appears in no other journey, so changing her card races with nothing.

const sofia = { ...accounts.tutor, email: 'sofia.martinez@parley.test' };
const BIO = 'Voice coach from Madrid. We record, listen back and fix one sound at a time.';

test('a tutor rewrites their bio and tags, and learners read the new card', async ({ page, browser }) => {
  await signIn(page, sofia);
  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).first().click();
  await expect(page).toHaveURL(/\/teacher\/profile$/);
  const bio = page.getByLabel('About you');
  await expect(bio).toHaveValue(/^Linguist and voice coach\./);
  await expectAccessible(page, 'tutor profile');

  await bio.fill(BIO);
  const tags = page.getByRole('group', { name: 'Your tags' });
  await tags.getByRole('checkbox', { name: 'Pronunciation Police' }).uncheck();
  await tags.getByRole('checkbox', { name: 'Grammar Guru' }).check();
  await tags.getByRole('checkbox', { name: 'Interview Expert' }).check();
  // Three tags: a fourth cannot be ticked until one is unticked.
  await expect(tags).toContainText('3 of 3 chosen, untick one to choose another');
  await expect(tags.getByRole('checkbox', { name: 'Vocabulary Whiz' })).toBeDisabled();
  await expectAccessible(page, 'tutor profile · three tags chosen');
  await tags.getByRole('checkbox', { name: 'Interview Expert' }).uncheck();
  await tags.getByRole('checkbox', { name: 'Vocabulary Whiz' }).check();
  await expect(page.getByRole('region', { name: 'How learners see you' })).toContainText('Voice coach from Madrid.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('About you')).toHaveValue(BIO);

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await signIn(learner, accounts.learner);
  const drawer = await openTutor(learner, 'Sofia Martínez');
  await expect(drawer.getByTestId('tutor-bio')).toHaveText(BIO);
  await expect(drawer.getByRole('list', { name: 'Tags' })).toHaveText('VocabularyGrammarAccent');
  await learnerContext.close();
});
