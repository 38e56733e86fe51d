import { expect, test, type Page } from '@playwright/test';
import { buyPeerPlan, inPeerLobby, minutesLeft, practiseNow, secondsOf, signUpLearner, summaryFigure, takePlacement, type Learner } from '../support/peer';

// Peer practice end to end, in Chromium with a fake camera and microphone (the project's launch
// args): two new learners each buy the Peer Learning plan, take the placement, press Practise now
// and are matched; they see and hear each other, one hangs up, and both get the same call, charged
// by the server's clock, in their summary, their Past Calls and their minutes. Each journey that
// queues places its pair at its own level (A1 here, C2 for the audio call, B1 in the accessibility
// audit), more than one level apart, so parallel journeys never take each other's partner.

// spec: a call shorter than PEER_CALL_GRACE_SECONDS (30 s, packages/domain/src/peer.ts) is free;
// after it every started minute is charged.
const GRACE_SECONDS = 30;
const PLAN_MINUTES = 300;
const expectedCharge = (seconds: number) => (seconds < GRACE_SECONDS ? 0 : Math.ceil(seconds / 60));

/** The browser's console warnings and errors, kept for a failure's report. */
function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') lines.push(`${new Date().toISOString()} ${message.type()}: ${message.text()}`);
  });
  return lines;
}

/** What each side showed and logged when a step failed. */
async function attachSides(sides: Learner[], logs: string[][]): Promise<void> {
  for (const [index, side] of sides.entries()) {
    const shown = await side.page.locator('main').innerText().catch(() => '(page gone)');
    await test.info().attach(`${side.name} at failure`, { body: `${side.page.url()}\n${shown}\n--- console ---\n${logs[index]!.join('\n')}`, contentType: 'text/plain' });
  }
}

/** The partner's video has a picture and its time runs. */
async function remoteVideoPlaying(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const v = document.querySelector('[data-testid="remote-video"]') as HTMLVideoElement | null;
      return v !== null && v.videoWidth > 0 && v.currentTime > 0;
    },
    undefined,
    { timeout: 20_000 },
  );
  const remoteTime = () => page.getByTestId('remote-video').evaluate((v: HTMLVideoElement) => v.currentTime);
  const before = await remoteTime();
  await expect.poll(remoteTime, { timeout: 5_000, message: 'the partner’s video should keep playing' }).toBeGreaterThan(before + 0.5);
}

/** The partner's voice reaches the <audio> element and its time runs. */
async function remoteAudioPlaying(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const a = document.querySelector('[data-testid="remote-audio"]') as HTMLAudioElement | null;
      const track = (a?.srcObject as MediaStream | null)?.getAudioTracks()[0];
      return a !== null && track?.readyState === 'live' && a.currentTime > 0;
    },
    undefined,
    { timeout: 20_000 },
  );
  const time = () => page.getByTestId('remote-audio').evaluate((a: HTMLAudioElement) => a.currentTime);
  const before = await time();
  await expect.poll(time, { timeout: 5_000, message: 'the partner’s audio should keep playing' }).toBeGreaterThan(before + 0.5);
}

/** A new learner with the plan bought and the placement taken at `level`, on the dashboard. */
async function readyLearner(browser: Parameters<typeof signUpLearner>[0], name: string, level: Parameters<typeof takePlacement>[1], firstLanguage: string): Promise<Learner> {
  const learner = await signUpLearner(browser, name);
  await buyPeerPlan(learner.page);
  await takePlacement(learner.page, level, firstLanguage);
  expect(await minutesLeft(learner.page)).toBe(PLAN_MINUTES);
  return learner;
}

/** The first (newest) call in Past Calls: its partner, duration text and minutes used. */
async function newestPastCall(page: Page): Promise<{ partner: string; duration: string; used: string }> {
  await page.goto('/peer-learning/calls');
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  const figure = (term: string) => first.locator('div', { has: page.getByText(term, { exact: true }) }).locator('dd').innerText();
  return { partner: await first.getByRole('heading').innerText(), duration: await figure('Duration'), used: await figure('Minutes used') };
}

test('two new learners buy minutes, are matched, see each other, and are charged the same call', async ({ browser }) => {
  test.setTimeout(240_000);
  const asha = await readyLearner(browser, 'Asha Verma', 'A1', 'Hindi');
  const ravi = await readyLearner(browser, 'Ravi Iyer', 'A1', 'Tamil');
  const sides = [asha, ravi];
  const logs = sides.map((side) => consoleOf(side.page));
  try {
    // Asha waits in the queue; Ravi's Practise now matches them, and the call opens for both.
    await practiseNow(asha.page, 'video');
    await expect(asha.page.getByRole('heading', { name: 'Finding a partner…' })).toBeVisible();
    await expect(asha.page.getByRole('timer', { name: 'Time waited' })).toBeVisible();
    await practiseNow(ravi.page, 'video');
    await inPeerLobby(ravi.page, 'video');
    await inPeerLobby(asha.page, 'video');
    await expect(asha.page.getByRole('heading', { level: 1, name: 'Video call with Ravi Iyer' })).toBeVisible();
    await expect(ravi.page.getByRole('heading', { level: 1, name: 'Video call with Asha Verma' })).toBeVisible();
    // The same topic card on both sides.
    const topic = await asha.page.locator('#topic-heading').innerText();
    expect(topic).not.toBe('');
    await expect(ravi.page.locator('#topic-heading')).toHaveText(topic);

    await asha.page.getByRole('button', { name: 'Join call' }).click();
    await expect(asha.page.getByText('Waiting for Ravi Iyer…').first()).toBeVisible();
    // The server starts the call once both are in: no earlier than this click.
    const secondJoin = Date.now();
    await ravi.page.getByRole('button', { name: 'Join call' }).click();
    await remoteVideoPlaying(asha.page);
    await remoteVideoPlaying(ravi.page);
    // The server's clock runs on both sides once both are in.
    await expect(asha.page.getByRole('timer')).toHaveText(/ left$/);
    await expect(ravi.page.getByRole('timer')).toHaveText(/ left$/);
    const started = Date.now();

    // Past the grace, so the call costs at least a minute.
    await asha.page.waitForTimeout(Math.max(0, (GRACE_SECONDS + 6) * 1000 - (Date.now() - started)));
    await remoteVideoPlaying(ravi.page);
    await asha.page.getByRole('group', { name: 'Call controls' }).getByRole('button', { name: 'Hang up' }).click();
    const confirm = asha.page.getByRole('dialog', { name: 'Hang up?' });
    await confirm.getByRole('button', { name: 'Hang up' }).click();

    // Both see the summary, with the same duration and the same charge.
    for (const side of sides) await expect(side.page.getByRole('heading', { name: 'Call ended' })).toBeVisible({ timeout: 15_000 });
    await expect(summaryFigure(ravi.page, 'Minutes left')).toHaveText(/^\d+$/);
    const summaries = await Promise.all(
      sides.map(async (side) => ({
        duration: await summaryFigure(side.page, 'Duration').innerText(),
        used: Number(await summaryFigure(side.page, 'Minutes used').innerText()),
        left: Number(await summaryFigure(side.page, 'Minutes left').innerText()),
      })),
    );
    const seconds = secondsOf(summaries[0]!.duration);
    expect(seconds, 'the call lasted past the grace').toBeGreaterThanOrEqual(GRACE_SECONDS);
    expect(seconds, 'the server measured no longer than the call was open').toBeLessThanOrEqual(Math.ceil((Date.now() - secondJoin) / 1000));
    expect(summaries[1]!.duration).toBe(summaries[0]!.duration);
    for (const summary of summaries) {
      expect(summary.used).toBe(expectedCharge(seconds));
      expect(summary.left).toBe(PLAN_MINUTES - summary.used);
    }

    // Asha rates the call from the summary.
    const summary = asha.page.getByRole('region', { name: 'Call ended' });
    await summary.locator('label').filter({ hasText: '4 stars' }).click();
    await expect(summary.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await summary.getByRole('button', { name: 'Send rating' }).click();
    await expect(summary.getByText('You rated this call 4 stars.')).toBeVisible();

    // Past Calls and the dashboard agree with the summary on both sides.
    for (const [side, partner] of [
      [asha, ravi.name],
      [ravi, asha.name],
    ] as const) {
      const past = await newestPastCall(side.page);
      expect(past).toEqual({ partner, duration: summaries[0]!.duration, used: `${summaries[0]!.used} ${summaries[0]!.used === 1 ? 'minute' : 'minutes'}` });
      await side.page.goto('/peer-learning/dashboard');
      expect(await minutesLeft(side.page)).toBe(PLAN_MINUTES - summaries[0]!.used);
    }
    await asha.page.goto('/peer-learning/calls');
    await expect(asha.page.getByRole('article').first()).toContainText('4 of 5 stars');
  } catch (error) {
    await attachSides(sides, logs);
    throw error;
  } finally {
    for (const side of sides) await side.context.close();
  }
});

test('an audio-only call shows the partner’s picture tile, and a call under the grace is free', async ({ browser }) => {
  test.setTimeout(180_000);
  const nila = await readyLearner(browser, 'Nila Shah', 'C2', 'Gujarati');
  const omar = await readyLearner(browser, 'Omar Khan', 'C2', 'Urdu');
  const sides = [nila, omar];
  const logs = sides.map((side) => consoleOf(side.page));
  try {
    // One side asking for audio only makes the whole call audio only.
    await practiseNow(nila.page, 'audio');
    await practiseNow(omar.page, 'video');
    await inPeerLobby(omar.page, 'audio');
    await inPeerLobby(nila.page, 'audio');
    await expect(omar.page.getByRole('heading', { level: 1, name: 'Audio call with Nila Shah' })).toBeVisible();
    await expect(nila.page.getByText('Audio-only call: your camera stays off.')).toBeVisible();

    for (const side of sides) await side.page.getByRole('button', { name: 'Join call' }).click();
    for (const [side, partner] of [
      [nila, omar.name],
      [omar, nila.name],
    ] as const) {
      await remoteAudioPlaying(side.page);
      // No video either way: the partner's picture (loaded) and name.
      const tile = side.page.getByRole('region', { name: 'Call', exact: true });
      await expect(tile.getByText(partner, { exact: true })).toBeVisible();
      const avatar = tile.locator('img');
      await expect(avatar).toBeVisible();
      await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the partner’s picture should load' }).toBe(true);
      await expect(side.page.getByTestId('remote-video')).toHaveCount(0);
      await expect(side.page.getByRole('group', { name: 'Call controls' }).getByRole('button', { name: 'Camera off' })).toHaveCount(0);
      await expect(side.page.getByRole('timer')).toHaveText(/ left$/);
    }

    // Hung up well inside the grace: both see a free call.
    await omar.page.getByRole('group', { name: 'Call controls' }).getByRole('button', { name: 'Hang up' }).click();
    await omar.page.getByRole('dialog', { name: 'Hang up?' }).getByRole('button', { name: 'Hang up' }).click();
    for (const side of sides) {
      await expect(side.page.getByRole('heading', { name: 'Call ended' })).toBeVisible({ timeout: 15_000 });
      expect(secondsOf(await summaryFigure(side.page, 'Duration').innerText())).toBeLessThan(GRACE_SECONDS);
      await expect(summaryFigure(side.page, 'Minutes used')).toHaveText('0');
      await expect(summaryFigure(side.page, 'Minutes left')).toHaveText(String(PLAN_MINUTES));
    }
    const past = await newestPastCall(nila.page);
    expect(past.partner).toBe(omar.name);
    expect(past.used).toBe('0 minutes');
    await expect(nila.page.getByRole('article').first()).toContainText('Audio call');
  } catch (error) {
    await attachSides(sides, logs);
    throw error;
  } finally {
    for (const side of sides) await side.context.close();
  }
});

test('a learner with fewer than 5 minutes cannot press Practise now and is told why', async ({ browser }) => {
  const learner = await signUpLearner(browser, 'Kiran Rao');
  try {
    await takePlacement(learner.page, 'B2', 'Kannada');
    expect(await minutesLeft(learner.page)).toBe(0);
    const practise = learner.page.getByRole('region', { name: 'Practise now' });
    const button = practise.getByRole('button', { name: 'Practise now' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('A peer call needs at least 5 available minutes. Buy a peer plan to get more.');
    await expect(practise.getByText('A peer call needs at least 5 available minutes. Buy a peer plan to get more.')).toBeVisible();
    // Where to get more is right beside it.
    await learner.page.getByRole('link', { name: 'Get more minutes' }).click();
    await expect(learner.page).toHaveURL(/\/peer-learning\/subscription-plans$/);
  } finally {
    await learner.context.close();
  }
});
