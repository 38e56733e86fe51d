// The affiliate's code and campaign link, without zod: the landing pages read them, and their
// bundle stays small.

/** An affiliate's referral code: capitals and digits. */
export const AFFILIATE_CODE_PATTERN = /^[A-Z0-9]{3,32}$/;

/** spec §4 Influencer link copy: enabled only when the status is empty or Approved. */
export function affiliateMayShare(status: string | null | undefined): boolean {
  return !status || status === 'Approved';
}

/** How the status reads on the dashboard. */
export function affiliateStatusLabel(status: string): string {
  return status === '' ? 'Active' : status;
}

/** The web campaign link (spec §2.9 Affiliate bar): the affiliate landing with UTM parameters and the code. */
export function campaignLinkFor(publicUrl: string, code: string): string {
  const value = encodeURIComponent(code);
  return `${publicUrl.replace(/\/+$/, '')}/index-affiliate?utm_source=affiliate&utm_medium=web&utm_campaign=${value}&referralCode=${value}`;
}

/**
 * The affiliate code a landing URL's query carries: `referralCode`, or the campaign of an
 * affiliate UTM link (utm_source=affiliate). Undefined when it names none.
 */
export function affiliateCodeInQuery(params: Record<string, string>): string | undefined {
  const raw = params.referralCode ?? (params.utm_source?.toLowerCase() === 'affiliate' ? params.utm_campaign : undefined);
  const code = raw?.trim().toUpperCase();
  return code && AFFILIATE_CODE_PATTERN.test(code) ? code : undefined;
}
