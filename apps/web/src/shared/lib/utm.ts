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
