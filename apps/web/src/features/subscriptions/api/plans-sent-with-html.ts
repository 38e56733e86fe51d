import { PUBLIC_PLANS_ELEMENT_ID } from '@parley/domain/constants';
import type { Currency } from '@parley/domain/money';

// The server puts the plans on sale in the HTML of /subscription, in each currency ({ INR: { items },
// USD: { items } }), so a visitor's first view renders them without waiting for a request. Read
// once: the block is removed, so a later visit in this tab asks the server (plans change).

let taken: Record<string, unknown> | null | undefined;

/** The answer in `currency` the HTML brought (unparsed), once. */
export function publicPlansSentWithHtml(currency: Currency): unknown {
  if (taken === undefined) {
    const block = typeof document === 'undefined' ? null : document.getElementById(PUBLIC_PLANS_ELEMENT_ID);
    block?.remove();
    try {
      taken = block ? (JSON.parse(block.textContent ?? '') as Record<string, unknown>) : null;
    } catch {
      taken = null; // a damaged block: ask the server
    }
  }
  const answer = taken?.[currency];
  taken = null;
  return answer;
}

/** Tests: forget what was read. */
export function resetPublicPlansSentWithHtml(): void {
  taken = undefined;
}
