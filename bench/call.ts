// `npm run bench:call` (builds first): how long from clicking Join class to the other person's
// video playing, on loopback (issue 13's target: under 3 s).
//
// A real server (the production build, serving apps/web/dist) on a temp data dir with the demo
// data, and Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through playwright-core
// with a fake camera and microphone. classroom@parley.test and arjun.menon@parley.test (whose
// class the seed books 5 minutes after the server starts) sign in once, each in its own browser
// context. Then CALL_RUNS times (default 5): both open the class, the learner joins and waits,
// the tutor clicks Join class, and the clock runs until the remote video is playing (a picture,
// and its time advancing) in both browsers; then both leave. Each leave and rejoin negotiates a
// fresh connection, as a real rejoin does. Prints each run, the median and the worst.
//
// Traffic goes only to 127.0.0.1. Prints figures; asserts nothing.
/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot, startServer, withCleanup } from './lib/server';

const TARGET_MS = 3_000;
const RUNS = Math.max(1, Number(process.env.CALL_RUNS ?? 5));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = path.join(repoRoot, 'apps/web/dist');
const PASSWORD = 'Parley@2026';
const TUTOR = 'Arjun Menon';
const people = {
  learner: { email: 'classroom@parley.test', login: '/login', home: /\/learner$/ },
  tutor: { email: 'arjun.menon@parley.test', login: '/teacher/login', home: /\/teacher\/dashboard$/ },
};
const STEP_TIMEOUT_MS = 30_000;

async function signIn(context: BrowserContext, baseUrl: string, who: (typeof people)[keyof typeof people]): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto(`${baseUrl}${who.login}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(who.home);
  return page;
}

/** In the lobby with the fake camera showing, so Join class is enabled. */
async function openLobby(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => ((document.querySelector('[data-testid="local-preview"]') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);
  const join = page.getByRole('button', { name: 'Join class' });
  await join.waitFor();
  while (!(await join.isEnabled())) await page.waitForTimeout(50);
}

/** The remote video has a picture and its time has moved on. */
const remotePlaying = (page: Page) =>
  page.waitForFunction(
    () => {
      const video = document.querySelector('[data-testid="remote-video"]') as HTMLVideoElement | null;
      return video !== null && video.videoWidth > 0 && video.currentTime > 0;
    },
    undefined,
    { polling: 20, timeout: STEP_TIMEOUT_MS },
  );

const leave = (page: Page) => page.getByRole('group', { name: 'Call controls' }).getByRole('button', { name: 'Leave' }).click();

await withCleanup(async (onCleanup) => {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('No web build: run `npm run build` (bench:call does) first');
  if (!existsSync(chromiumPath)) {
    console.log(`Skipped: no Chromium at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
    return;
  }
  const server = await startServer({ env: { WEB_DIST: webDist } });
  onCleanup(server.stop);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  onCleanup(() => browser.close());
  const context = () => browser.newContext({ permissions: ['camera', 'microphone'] });
  const learner = await signIn(await context(), server.url, people.learner);
  const tutor = await signIn(await context(), server.url, people.tutor);

  await learner.goto(`${server.url}/learner/session`);
  const href = await learner.getByRole('link', { name: `Join the session with ${TUTOR}` }).getAttribute('href');
  const classUrl = `${server.url}${href}`;

  console.log(`Join class → remote video playing in both browsers, on loopback (${RUNS} runs, target < ${TARGET_MS} ms):`);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    await Promise.all([openLobby(learner, classUrl), openLobby(tutor, classUrl)]);
    await learner.getByRole('button', { name: 'Join class' }).click();
    await learner.getByText(`Waiting for ${TUTOR} to join…`).waitFor();
    const clicked = performance.now();
    await tutor.getByRole('button', { name: 'Join class' }).click();
    await Promise.all([remotePlaying(learner), remotePlaying(tutor)]);
    const ms = performance.now() - clicked;
    times.push(ms);
    console.log(`  run ${run}: ${Math.round(ms)} ms`);
    await leave(tutor);
    await leave(learner);
    await Promise.all([tutor.waitForURL(/\/teacher\//), learner.waitForURL(/\/learner\/session/)]);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const worst = sorted.at(-1)!;
  console.log(`  median ${Math.round(median)} ms, worst ${Math.round(worst)} ms → ${worst < TARGET_MS ? 'met' : median < TARGET_MS ? 'median met, worst NOT met' : 'NOT met'}`);
});
