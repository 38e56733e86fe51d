import { expect, type Locator, type Page } from '@playwright/test';

// Driving the app with the keyboard alone, and saying where focus is after each step.

/** The focused element, described for a failure message: tag, role, name or text. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return el ? '<body>' : 'nothing';
    const role = el.getAttribute('role');
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${role ? ` role=${role}` : ''}> "${name}"`;
  });
}

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Focus is somewhere a keyboard user can see and act from: not lost on <body>, on a visible element. */
export async function expectFocusPlaced(page: Page, step: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body && document.activeElement !== document.documentElement), {
      message: `after ${step}, focus should not be on <body>`,
    })
    .toBe(true);
  const visible = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const box = el.getBoundingClientRect();
    // An sr-only heading or region is 1×1; what matters is that it renders.
    return el.isConnected && box.width > 0 && box.height > 0;
  });
  expect(visible, `after ${step}, focus is on a hidden element: ${await describeFocus(page)}`).toBe(true);
}

/** Focus ends up on `target` (or inside it, with `within`). */
export async function expectFocusOn(target: Locator, step: string, within = false): Promise<void> {
  const page = target.page();
  await expect
    .poll(async () => (within ? target.evaluate((el) => el.contains(document.activeElement)) : hasFocus(target)), {
      message: `after ${step}, focus should be ${within ? 'inside' : 'on'} ${target.toString()}`,
    })
    .toBe(true)
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nfocus is on ${await describeFocus(page)}`);
    });
}

/** Presses Tab (Shift+Tab with `backwards`) until `target` has focus, checking focus never drops to <body> on the way. */
export async function tabTo(target: Locator, { backwards = false, maxPresses = 120 } = {}): Promise<void> {
  const page = target.page();
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= maxPresses; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectFocusPlaced(page, `Tab ×${presses + 1} towards ${target.toString()}`);
  }
  throw new Error(`${target.toString()} not reached after ${maxPresses} Tab presses; focus is on ${await describeFocus(page)}`);
}
