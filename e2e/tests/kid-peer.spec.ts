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
    // Added without a birth date, which peer practice needs: the peer profile sends the parent to add it.
    await addKid(page, kidName);
    await page.goto('/kid-peer/profile');
    await expect(page.getByText(/Add the kid’s birth date in their profile/)).toBeVisible();
    await page.getByRole('link', { name: 'Kids’ accounts' }).click();
    await page.getByRole('button', { name: `Edit ${kidName}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${kidName}` });
    await edit.getByLabel('Date of birth (optional)').fill(`${year}-01-15`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${kidName}’s profile is saved.`)).toBeVisible();
    await expect(page.getByText(`Born 15 Jan ${year}`)).toBeVisible();

    await page.goto('/kid-peer/dashboard');
    await expect(page.getByRole('heading', { name: kidName })).toBeVisible();
    await expect(page.getByText('Peer practice off')).toBeVisible();
    await expect(page.getByText(/Peer practice is off for this kid/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Scheduled practice' })).toHaveCount(0);

    await allowKidPeerPractice(page, kidName, 'A2', 'Hindi');
    await buyPeerPlan(page);
    // The kids peer plans page says the bought minutes wait to be given, and where.
    await page.goto('/kid-peer/subscription-plans');
    const toGive = page.getByRole('region', { name: 'Minutes to give' });
    await expect(toGive).toContainText(/You have \d+ minutes to give to your kids/);
    await toGive.getByRole('link', { name: 'Give minutes' }).click();
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

test('a second parent books a kid’s time for their own kid of the same age band; the first kid sees it in the kids area, Join not open yet', async ({ browser }) => {
  test.setTimeout(240_000);
  const suffix = Math.floor(Math.random() * 1e6);
  const hostParent = await signUpLearner(browser, `Hari Host ${suffix}`);
  const guestParent = await signUpLearner(browser, `Gita Guest ${suffix}`);
  const year = new Date().getUTCFullYear();
  try {
    const host = hostParent.page;
    const hostKid = `Ishaan ${suffix}`;
    await addKid(host, hostKid, `${year - 13}-03-01`);
    await allowKidPeerPractice(host, hostKid, 'B2', 'Telugu');
    // Publishing a practice time needs the kid's own minutes (a call needs 5 on each side).
    await buyPeerPlan(host);
    await host.goto('/kid-peer/profile');
    await host.getByRole('form', { name: 'Minutes' }).getByRole('button', { name: 'Give minutes' }).click();
    await expect(host.getByText(`${hostKid} has 30 minutes now.`)).toBeVisible();
    await host.goto('/kid-peer/dashboard');
    const hostSchedule = host.getByRole('region', { name: 'Scheduled practice' });
    await hostSchedule.getByLabel('Length').selectOption('15');
    await hostSchedule.getByRole('button', { name: 'Publish' }).click();
    await expect(hostSchedule.getByRole('listitem').filter({ hasText: 'waiting for someone to book it' })).toHaveCount(1);

    const guest = guestParent.page;
    const guestKid = `Zoya ${suffix}`;
    await addKid(guest, guestKid, `${year - 12}-07-01`);
    await allowKidPeerPractice(guest, guestKid, 'B2', 'Urdu');
    await buyPeerPlan(guest);
    await guest.goto('/kid-peer/profile');
    await guest.getByRole('form', { name: 'Minutes' }).getByRole('button', { name: 'Give minutes' }).click();
    await expect(guest.getByText(`${guestKid} has 30 minutes now.`)).toBeVisible();
    await guest.goto('/kid-peer/dashboard');
    const guestSchedule = guest.getByRole('region', { name: 'Scheduled practice' });
    await guestSchedule.getByRole('button', { name: new RegExp(`^Book ${hostKid}’s time`) }).click();
    await expect(guest.getByText('Booked. You will get a reminder before it starts.')).toBeVisible();
    await expect(guestSchedule.getByRole('listitem').filter({ hasText: `with ${hostKid} (B2)` })).toHaveCount(1);

    // The host kid, in their own session in the kids area.
    await host.goto('/kids/accounts?type=switch-kids');
    await host.getByRole('button', { name: `Continue as ${hostKid}` }).click();
    await expect(host).toHaveURL(/\/kids\/dashboard$/); // the kid session exists from here on
    await host.goto('/kids/peer-practice');
    const planned = host.getByRole('listitem').filter({ hasText: `with ${guestKid}` });
    await expect(planned).toContainText('15 minutes, talking only');
    await expect(planned.getByRole('button', { name: /^Join the practice time on / })).toBeDisabled();
    await expect(planned).toContainText('You can join at');
  } finally {
    await hostParent.context.close();
    await guestParent.context.close();
  }
});
