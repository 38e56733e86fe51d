import { messages } from '@parley/domain/messages';
import { getItem } from '../../../shared/lib/storage';
import { notify } from '../../../shared/lib/toast';

/** The link copy is enabled only when the influencer's status is empty or Approved. */
export function canCopyAffiliateLink(status: string | null | undefined): boolean {
  return !status || status === 'Approved';
}

export function campaignLink(origin: string, code: string): string {
  const params = new URLSearchParams({ utm_source: 'affiliate', utm_medium: 'web', utm_campaign: code, referralCode: code });
  return `${origin}/index-affiliate?${params.toString()}`;
}

/** Affiliate bar: the referral code and the web campaign link (with UTM parameters), each with a copy control. */
export function AffiliateBar() {
  const influencer = getItem('INFLUENCER');
  const code = influencer?.referralCode ?? null;
  const status = (influencer as { status?: string } | null)?.status;
  const allowed = canCopyAffiliateLink(status);
  if (!code) {
    return <p className="alert mb-6">Your referral code appears here once your partnership is approved.</p>;
  }
  const link = campaignLink(window.location.origin, code);
  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(done);
    } catch (error) {
      notify.failure(error);
    }
  };
  return (
    <section aria-label="Your referral details" className="mb-6 grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 md:grid-cols-[auto_1fr]">
      <div className="flex items-center gap-3">
        <span className="text-sm text-base-content/70">Referral code</span>
        <code className="rounded bg-base-200 px-2 py-1 font-bold">{code}</code>
        <button type="button" className="btn btn-xs btn-primary" onClick={() => copy(code, messages.referralCodeCopied)}>
          Copy
        </button>
      </div>
      <div className="flex min-w-0 items-center gap-3">
        <span className="shrink-0 text-sm text-base-content/70">Campaign link</span>
        <code className="truncate rounded bg-base-200 px-2 py-1 text-xs">{link}</code>
        <button type="button" className="btn btn-xs btn-outline shrink-0" disabled={!allowed} onClick={() => copy(link, messages.referralLinkCopied)}>
          Copy
        </button>
      </div>
    </section>
  );
}
