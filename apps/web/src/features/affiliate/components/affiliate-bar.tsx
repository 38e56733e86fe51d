import { messages } from '@parley/domain/messages';
import { affiliateMayShare } from '@parley/domain/affiliate-link';
import { copyText } from '../../../shared/lib/copy-text';
import { getItem } from '../../../shared/lib/storage';
import { notify } from '../../../shared/lib/toast';
import { Icon } from '../../../shared/ui/icon';
import { useAffiliateLink } from '../api/get-affiliate-link';
import { useAffiliateProfile } from '../api/get-affiliate-profile';

async function copyWithToast(text: string, done: string) {
  try {
    await copyText(text);
    notify.success(done);
  } catch (error) {
    notify.failure(error);
  }
}

/**
 * Affiliate bar (spec §2.9): the referral code and the web campaign link, each with a copy
 * control, enabled only while the status is empty or Approved (spec §4). The status is the
 * server's live one; the stored INFLUENCER record stands in while it loads.
 */
export function AffiliateBar() {
  const stored = getItem('INFLUENCER');
  const profile = useAffiliateProfile();
  const status = profile.data?.status ?? stored?.status;
  const code = profile.data?.referralCode ?? stored?.refferalcode ?? null;
  const canShare = profile.data ? profile.data.canShare : affiliateMayShare(status);
  const link = useAffiliateLink(profile.isSuccess && canShare);
  if (!code) {
    return profile.isPending ? <div className="skeleton mb-6 h-16" aria-hidden="true" /> : null;
  }
  const campaignLink = link.data?.campaignLink;
  return (
    <section aria-label="Your referral details" className="mb-6 grid grid-cols-1 gap-3 rounded-box border border-base-300 bg-base-100 p-4 lg:grid-cols-[auto_minmax(0,1fr)]">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-base-content/70">Referral code</span>
        <code className="rounded bg-base-200 px-2 py-1 font-bold" data-testid="affiliate-code">
          {code}
        </code>
        <button type="button" className="btn btn-sm btn-primary" disabled={!canShare} onClick={() => copyWithToast(code, messages.referralCodeCopied)}>
          <Icon name="clipboard" className="size-4" /> Copy code
        </button>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <span className="shrink-0 text-sm text-base-content/70">Campaign link</span>
        {canShare ? (
          // Shown whole (it wraps anywhere), so it can be read and checked before it is shared; on a phone on a line of its own.
          <code className="w-full min-w-0 rounded bg-base-200 px-2 py-1 text-xs break-all sm:w-auto sm:flex-1" data-testid="affiliate-link">
            {campaignLink ?? (link.isError ? 'The link could not be loaded.' : 'Loading…')}
          </code>
        ) : (
          <span className="min-w-0 flex-1 text-sm">{status === 'Rejected' ? 'Not available: your partnership was not approved.' : 'Available once your partnership is approved.'}</span>
        )}
        <button
          type="button"
          className="btn btn-sm btn-outline shrink-0"
          disabled={!canShare || !campaignLink}
          onClick={() => campaignLink && copyWithToast(campaignLink, messages.referralLinkCopied)}
        >
          <Icon name="clipboard" className="size-4" /> Copy link
        </button>
      </div>
    </section>
  );
}
