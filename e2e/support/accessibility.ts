import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type axe from 'axe-core';

// The automated half of the accessibility checks: axe-core with the WCAG 2.1 A/AA rules and axe's
// best practices, run on the page as it is (open dialogs and drawers included). A critical or
// serious violation fails the test; moderate and minor ones are only attached to the report.
//
// axe runs in the page itself (Parley's pages have no frames), loaded once per document and asked
// for its violations only: three times faster than @axe-core/playwright's builder, which loads
// axe twice per audit, opens a blank page to assemble the results and works out a selector for
// every element that passed.

type Result = axe.Result;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING: ReadonlySet<string> = new Set(['critical', 'serious']);

type AuditOptions = {
  /** CSS selectors left out of the audit (say why at the call). */
  exclude?: string[];
  /** Stop the test at the first failing page state (default: record it and go on, so one run lists them all). */
  hard?: boolean;
};

/** One line per violation: rule, impact, what it means, and every element it found. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(' >>> ')}${n.failureSummary ? `\n      ${n.failureSummary.replaceAll('\n', '\n      ')}` : ''}`).join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

/** Lets transitions finish (a fading drawer would make colour contrast depend on timing); infinite ones (spinners) are ignored. */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/**
 * Waits (5 s at most) until nothing on the page says it is still loading: a control enabled as its
 * data arrives fades in, and caught mid-fade it fails colour contrast (a Copy link button did).
 */
async function settleLoading(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.body.innerText.includes('Loading…') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

/** Runs axe on the whole page but `exclude`, loading it first if this document has not got it yet. */
async function violationsOn(page: Page, exclude: string[]): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const context = exclude.length ? { exclude: exclude.map((selector) => [selector]) } : document;
      return (await engine.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
    },
    { tags: TAGS, exclude },
  );
}

/** Audits the page in its current state; `label` names the state in the report ("learner · tutor drawer"). */
export async function expectAccessible(page: Page, label: string, options: AuditOptions = {}): Promise<void> {
  await settleLoading(page);
  await settleAnimations(page);
  const violations = await violationsOn(page, options.exclude ?? []);
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const minor = violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  const width = page.viewportSize()?.width ?? 0;
  const where = `${label} (${new URL(page.url()).pathname}, ${width}px)`;
  if (minor.length) await test.info().attach(`axe moderate/minor: ${where}`, { body: describeViolations(minor), contentType: 'text/plain' });
  const message = `${blocking.length} critical/serious accessibility violation(s) on ${where}:\n${describeViolations(blocking)}`;
  const check = options.hard ? expect : expect.soft;
  check(blocking.map((v) => `${v.id} (${v.nodes.length})`), message).toEqual([]);
}
