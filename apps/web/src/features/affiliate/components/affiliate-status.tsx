import { affiliateStatusLabel } from '@parley/domain/affiliate-link';
import { Badge, type BadgeVariant } from '../../../shared/ui/badge';

const variantOf = (status: string): BadgeVariant => (status === 'Approved' || status === '' ? 'success' : status === 'Rejected' ? 'error' : 'warning');

const explanation: Record<string, string> = {
  Pending: 'Your partnership is being reviewed. Your code and link can be copied once it is approved.',
  Rejected: 'Your partnership was not approved, so your code and link cannot be shared. To have it looked at again, reply to the e-mail that told you.',
};

/**
 * The partnership status (pending, approved, rejected) with what it means for sharing, and for a
 * rejection the moderator's reason, when they gave one.
 */
export function AffiliateStatus({ status, reason }: { status: string; reason?: string | null }) {
  const note = explanation[status] ?? (status === 'Approved' || status === '' ? null : 'Your code and link can be shared once your partnership is approved.');
  const rejectionReason = status === 'Rejected' ? reason?.trim() : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="affiliate-status">
      <span className="text-base-content/70">Partnership status</span>
      <Badge variant={variantOf(status)}>{affiliateStatusLabel(status)}</Badge>
      {note ? <span className="basis-full text-base-content/70">{note}</span> : null}
      {rejectionReason ? (
        <span className="basis-full" data-testid="affiliate-status-reason">
          <span className="font-semibold">Reason:</span> {rejectionReason}
        </span>
      ) : null}
    </div>
  );
}
