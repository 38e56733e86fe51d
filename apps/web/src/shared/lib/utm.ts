import { affiliateCodeInQuery } from '@parley/domain/affiliate-link';
import { getItem, setItem } from './storage';

// UTM parameters (and an affiliate link's referralCode) survive guard redirects: kept under UTM_PARAMS and re-attached.

export function utmParamsOf(search: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    // An affiliate's campaign link carries its code beside the utm_* parameters: kept with them.
    if ((key.toLowerCase().startsWith('utm_') || key === 'referralCode') && value !== '') found[key] = value;
  }
  return found;
}

/** Stores the utm_* parameters of `search` (merged over earlier ones); returns what was found. */
export function rememberUtmParams(search: string): Record<string, string> {
  const found = utmParamsOf(search);
  if (Object.keys(found).length > 0) setItem('UTM_PARAMS', { ...(getItem('UTM_PARAMS') ?? {}), ...found });
  return found;
}

/** `path` with the given utm_* parameters appended to its query. */
export function withUtmParams(path: string, utm: Record<string, string>): string {
  const entries = Object.entries(utm);
  if (entries.length === 0) return path;
  const [pathname, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const [key, value] of entries) params.set(key, value);
  return `${pathname}?${params.toString()}`;
}

/** Affiliate codes a landing visit found not active (unknown, pending or rejected), kept for this tab. */
const INACTIVE_CODES_KEY = 'parley.inactiveAffiliateCodes';
/** Told on window when a code is found not active, so a sign-up form already showing it can let it go. */
export const INACTIVE_AFFILIATE_CODE_EVENT = 'parley:inactive-affiliate-code';

function inactiveCodes(): string[] {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(INACTIVE_CODES_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

export const isInactiveAffiliateCode = (code: string): boolean => inactiveCodes().includes(code.trim().toUpperCase());

/**
 * A link's affiliate code the server says is not active: sign-up would refuse it, so it is no
 * longer carried (UTM_PARAMS) nor offered in the sign-up form, which is told at once.
 */
export function forgetInactiveAffiliateCode(code: string): void {
  const kept = getItem('UTM_PARAMS');
  if (kept && affiliateCodeInQuery(kept) === code) {
    const carriesCode = (key: string) => key === 'referralCode' || (key === 'utm_campaign' && kept.utm_source?.toLowerCase() === 'affiliate');
    setItem('UTM_PARAMS', Object.fromEntries(Object.entries(kept).filter(([key]) => !carriesCode(key))));
  }
  try {
    sessionStorage.setItem(INACTIVE_CODES_KEY, JSON.stringify([...new Set([...inactiveCodes(), code])]));
  } catch {
    // Storage refused: the form is still told below.
  }
  window.dispatchEvent(new CustomEvent<string>(INACTIVE_AFFILIATE_CODE_EVENT, { detail: code }));
}
