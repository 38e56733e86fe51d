import { expect, test } from '@playwright/test';
import { addKid, allowKidPeerPractice, buyPeerPlan, signUpLearner } from '../support/peer';

// Kids peer practice from the parent's account: off until the parent switches it on in the kid's
// peer profile; then the kid's dashboard shows their scheduled practice, and the parent gives the
// kid minutes bought with a peer plan and publishes a time for them (audio only by default).

test('a parent switches on peer practice for a kid, and the kid’s peer dashboard shows scheduled practice', async ({ browser }) => {
  test.setTimeout(180_000);
  const parent = await signUpLearner(browser, `Parvati Parent ${Math.floor(Math.random() * 1e6)}`);
  try {
    const { page } = parent;
    const kidName = 'Kabir';
    const year = new Date().getUTCFullYear() - 10;
    await addKid(page, kidName, `${year}-01-15`);

    await page.goto('/kid-peer/dashboard');
    await expect(page.getByRole('heading', { name: kidName })).toBeVisible();
    await expect(page.getByText('Peer practice off')).toBeVisible();
    await expect(page.getByText(/Peer practice is off for this kid/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Scheduled practice' })).toHaveCount(0);

    await allowKidPeerPractice(page, kidName, 'A2', 'Hindi');
    await buyPeerPlan(page);
    await page.goto('/kid-peer/profile');
    const minutes = page.getByRole('form', { name: 'Minutes' });
    await minutes.getByLabel('Minutes to give').fill('20');
    await minutes.getByRole('button', { name: 'Give minutes' }).click();
    await expect(page.getByText(`${kidName} has 20 minutes now.`)).toBeVisible();

    await page.goto('/kid-peer/dashboard');
    await expect(page.getByText('Peer practice on')).toBeVisible();
    const status = page.getByRole('region', { name: kidName });
    await expect(status).toContainText('9–11');
    await expect(status).toContainText('A2');
    await expect(status).toContainText('20 minutes');
    const scheduled = page.getByRole('region', { name: 'Scheduled practice' });
    await expect(scheduled).toBeVisible();
    await expect(scheduled.getByLabel('Call')).toHaveValue('audio');
    await scheduled.getByLabel('Length').selectOption('15');
    await scheduled.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published. Other peers can book it now.')).toBeVisible();
    await expect(scheduled.getByRole('listitem').filter({ hasText: '15 min, audio only · waiting for someone to book it' })).toHaveCount(1);

    await page.goto('/kid-peer/session');
    await expect(page.getByText(`No calls for ${kidName} yet`)).toBeVisible();
  } finally {
    await parent.context.close();
  }
});
