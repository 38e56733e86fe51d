import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('gives a moderator this process’s memory and the event-loop delay since the previous read', async () => {
  const moderator = await t.signIn('moderator@parley.test', 'moderator');
  // Block the loop for 250 ms so the window has a delay to show.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const blockedUntil = performance.now() + 250;
  while (performance.now() < blockedUntil);
  await new Promise((resolve) => setTimeout(resolve, 30));
  const first = await moderator.get('/api/moderator/process');
  expect(first.statusCode).toBe(200);
  const figures = first.json();
  expect(figures.memory.rssBytes).toBeGreaterThan(figures.memory.heapUsedBytes);
  expect(figures.memory.heapUsedBytes).toBeGreaterThan(1_000_000);
  expect(figures.uptimeSeconds).toBeGreaterThan(0);
  expect(figures.eventLoopDelayMs.max).toBeGreaterThanOrEqual(200);

  // The next read starts a new window, without the blocked stretch.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const second = (await moderator.get('/api/moderator/process')).json();
  expect(second.eventLoopDelayMs.max).toBeLessThan(200);
  expect(second.eventLoopDelayMs.sinceSeconds).toBeGreaterThanOrEqual(0.05);
  expect(second.eventLoopDelayMs.sinceSeconds).toBeLessThan(first.json().eventLoopDelayMs.sinceSeconds);
});

it('is for moderators only', async () => {
  expect((await t.client().get('/api/moderator/process')).statusCode).toBe(401);
  const learner = await t.signIn('learner@parley.test', 'learner');
  expect([401, 403]).toContain((await learner.get('/api/moderator/process')).statusCode);
});
