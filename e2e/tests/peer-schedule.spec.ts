import { expect, test } from '@playwright/test';
import { buyPeerPlan, signUpLearner, takePlacement } from '../support/peer';

// Scheduled practice: a peer publishes a time on the dashboard, another (with minutes) books it,
// and both see it in their upcoming practice times, each with the other's name. Both at B2: the
// open times offered are only those of peers near your level.

test('a peer publishes a practice time, another books it, and both see it on their dashboards', async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = Math.floor(Math.random() * 1e6);
  const host = await signUpLearner(browser, `Hema Host ${suffix}`);
  const guest = await signUpLearner(browser, `Gautam Guest ${suffix}`);
  try {
    // Publishing a practice time needs minutes of one's own (a call needs 5 on each side).
    await buyPeerPlan(host.page);
    await takePlacement(host.page, 'B2', 'Kannada');
    const hostSection = host.page.getByRole('region', { name: 'Scheduled practice' });
    await expect(hostSection.getByText('Nothing scheduled yet.')).toBeVisible();
    await hostSection.getByLabel('Length').selectOption('15');
    await hostSection.getByLabel('Call').selectOption('audio');
    await hostSection.getByRole('button', { name: 'Publish' }).click();
    await expect(host.page.getByText('Published. Other peers can book it now.')).toBeVisible();
    await expect(hostSection.getByRole('listitem').filter({ hasText: 'waiting for someone to book it' })).toHaveCount(1);

    await buyPeerPlan(guest.page);
    await takePlacement(guest.page, 'B2', 'Bengali');
    const guestSection = guest.page.getByRole('region', { name: 'Scheduled practice' });
    await guestSection.getByRole('button', { name: new RegExp(`^Book ${host.name}’s time`) }).click();
    await expect(guest.page.getByText('Booked. You will get a reminder before it starts.')).toBeVisible();
    const booked = guestSection.getByRole('listitem').filter({ hasText: `with ${host.name} (B2)` });
    await expect(booked).toHaveCount(1);
    await expect(booked).toContainText('15 min, audio only');
    // Not yet: Join opens 5 minutes before the start.
    await expect(booked.getByRole('button', { name: /^Join the practice time on / })).toBeDisabled();
    await expect(booked).toContainText('Join opens at');

    await host.page.reload();
    const hostBooked = host.page.getByRole('region', { name: 'Scheduled practice' }).getByRole('listitem').filter({ hasText: `with ${guest.name} (B2)` });
    await expect(hostBooked).toHaveCount(1);
    await expect(hostBooked.getByRole('button', { name: /^Join the practice time on / })).toBeDisabled();
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});
