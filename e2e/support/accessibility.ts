import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The automated half of the accessibility checks: axe-core with the WCAG 2.1 A/AA rules and axe's
// best practices, run on the page as it is (open dialogs and drawers included). A critical or
// serious violation fails the test; moderate and minor ones are only attached to the report.

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

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

/** Audits the page in its current state; `label` names the state in the report ("learner · tutor drawer"). */
export async function expectAccessible(page: Page, label: string, options: AuditOptions = {}): Promise<void> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const minor = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  const width = page.viewportSize()?.width ?? 0;
  const where = `${label} (${new URL(page.url()).pathname}, ${width}px)`;
  if (minor.length) await test.info().attach(`axe moderate/minor: ${where}`, { body: describeViolations(minor), contentType: 'text/plain' });
  const message = `${blocking.length} critical/serious accessibility violation(s) on ${where}:\n${describeViolations(blocking)}`;
  const check = options.hard ? expect : expect.soft;
  check(blocking.map((v) => `${v.id} (${v.nodes.length})`), message).toEqual([]);
}
