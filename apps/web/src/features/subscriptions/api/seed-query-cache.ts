import type { QueryClient } from '@tanstack/react-query';
import type { Currency } from '@parley/domain/money';
import { plansResponse } from '@parley/domain/plans';
import { publicPlansQueryOptions } from './get-public-plans';

/**
 * The server's renderer: puts the plans the HTML of /subscription carries into the query cache, in
 * the visitor's currency (as their browser said, else the default), so the page renders as its
 * first render will.
 */
export function seedPublicPlansFromHtml(queryClient: QueryClient, answers: unknown, currency: Currency): void {
  const answer = (answers as Record<string, unknown> | null)?.[currency];
  if (answer === undefined) return;
  queryClient.setQueryData(publicPlansQueryOptions(currency).queryKey, plansResponse.parse(answer).items);
}
