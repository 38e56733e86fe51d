import type { Params, RouteMatch } from 'react-router';

// A guard that shows the not-found page for a parameter it does not know (an unknown plan
// vertical, an unknown kids subject) declares its check on its route too, so the server, which
// renders no guard, answers such a path 404 like any unknown one (entry-server.tsx).

type KnowsParams = { knows: (params: Params) => boolean };

/** The route handle of a guarded route: `check` says whether the guard lets the parameters through. */
export const knows = (check: KnowsParams['knows']): KnowsParams => ({ knows: check });

/** Whether the matched route's guard would show the not-found page for the parameters it was matched with. */
export function refusesParams(match: RouteMatch): boolean {
  const handle: unknown = match.route.handle;
  if (typeof handle !== 'object' || handle === null || !('knows' in handle) || typeof handle.knows !== 'function') return false;
  return !(handle as KnowsParams).knows(match.params);
}
