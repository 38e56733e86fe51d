import { affiliateCodeInQuery } from '@parley/domain/affiliate-link';
import { http } from '../../../shared/lib/http';
import { forgetInactiveAffiliateCode } from '../../../shared/lib/utm';

// POST /api/affiliate/visits: a landing visit through an affiliate's code or campaign link. The
// server counts the click and keeps the browser's first touch (30 days) in a cookie, so the
// sign-up that follows is attributed wherever the visitor goes in between. No zod here: the
// landing pages load this.

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

/** Sends the visit when the query names an affiliate; returns whether it did. Failures are only logged; a code found not active is forgotten. */
export function recordAffiliateVisit(pathname: string, search: string): boolean {
  const params = Object.fromEntries(new URLSearchParams(search));
  const referralCode = affiliateCodeInQuery(params);
  if (!referralCode) return false;
  const utm = Object.fromEntries(UTM_KEYS.filter((key) => params[key]).map((key) => [key, params[key]!.slice(0, 100)]));
  http
    .post<{ codeActive?: boolean }>('/api/affiliate/visits', { referralCode, utm, path: pathname.slice(0, 200) })
    .then((answer) => {
      if (answer?.codeActive === false) forgetInactiveAffiliateCode(referralCode);
    })
    .catch((error: unknown) => {
      console.warn('The affiliate visit was not recorded', error);
    });
  return true;
}
