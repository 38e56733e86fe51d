import { PUBLIC_PLANS_ELEMENT_ID } from '@parley/domain/constants';
import type { Currency } from '@parley/domain/money';
import { takeJsonBlock } from '../../../shared/lib/json-block';

// The server puts the plans on sale in the HTML of /subscription, in each currency ({ INR: { items },
// USD: { items } }), so a visitor's first view renders them without waiting for a request. Read
// once: the block is removed, so a later visit in this tab asks the server (plans change).

let taken: Record<string, unknown> | null | undefined;

/** The answer in `currency` the HTML brought (unparsed), once. */
export function publicPlansSentWithHtml(currency: Currency): unknown {
  if (taken === undefined) taken = (takeJsonBlock(PUBLIC_PLANS_ELEMENT_ID) as Record<string, unknown> | undefined) ?? null;
  const answer = taken?.[currency];
  taken = null;
  return answer;
}

/** Tests: forget what was read. */
export function resetPublicPlansSentWithHtml(): void {
  taken = undefined;
}
