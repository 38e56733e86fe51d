import { useId, useState } from 'react';
import type { InfluencerApplication } from '@parley/domain/moderation';
import { notify } from '../../../shared/lib/toast';
import { Badge, type BadgeVariant } from '../../../shared/ui/badge';
import { useDecideInfluencer } from '../api/decide-influencer';
import { INFLUENCER_APPLICATIONS_PAGE_SIZE, useInfluencerApplications, type InfluencerFilter } from '../api/get-influencer-applications';
import { ModerationSection, PersonCell, TimeCell } from './moderation-section';
import { ReasonDialog } from './reason-dialog';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';

const TITLE = 'Influencer applications';
const HEADING_ID = 'influencer-applications';

const filters: { value: InfluencerFilter; label: string; empty: string }[] = [
  { value: 'Pending', label: 'Pending', empty: 'No applications waiting' },
  { value: 'Approved', label: 'Approved', empty: 'No approved affiliates' },
  { value: 'Rejected', label: 'Rejected', empty: 'No rejected applications' },
  { value: 'None', label: 'No status (older accounts)', empty: 'No affiliates without a status' },
  { value: 'All', label: 'All', empty: 'No affiliates yet' },
];

const statusBadge: Record<InfluencerApplication['status'], { label: string; variant: BadgeVariant }> = {
  Pending: { label: 'Pending', variant: 'warning' },
  Approved: { label: 'Approved', variant: 'success' },
  Rejected: { label: 'Rejected', variant: 'error' },
  '': { label: 'No status', variant: 'neutral' },
};

/** Affiliates who applied: approve, or reject with a reason the affiliate reads in their area. */
export function InfluencerApplications({ timeZone }: { timeZone: string }) {
  const [filter, setFilter] = useState<InfluencerFilter>('Pending');
  const [page, setPage] = useState(1);
  const query = useInfluencerApplications(filter, page);
  const decide = useDecideInfluencer();
  const [rejecting, setRejecting] = useState<InfluencerApplication | null>(null);
  const filterId = useId();

  const afterDecision = () => window.setTimeout(() => document.getElementById(HEADING_ID)?.focus(), 0);
  // isPending disables the button only after a render, too late for a double click's second press.
  const once = useSingleFlight();
  const approve = (application: InfluencerApplication) =>
    once((done) =>
      decide.mutate(
        { userId: application._id, decision: 'approve' },
        {
          onSuccess: () => {
            notify.success(`${application.name} is approved and can share their link.`);
            afterDecision();
          },
          onError: (error) => notify.failure(error),
          onSettled: done,
        },
      ),
    );
  const reject = async (reason: string) => {
    if (!rejecting) return;
    await decide.mutateAsync({ userId: rejecting._id, decision: 'reject', reason });
    notify.success(`${rejecting.name}’s application is rejected.`);
    setRejecting(null);
    afterDecision();
  };
  const empty = filters.find((f) => f.value === filter)!;

  return (
    <>
      <ModerationSection
        headingId={HEADING_ID}
        title={TITLE}
        description="Affiliates who applied to share Parley. They can copy their link only once approved; a rejected affiliate reads your reason."
        query={query}
        page={page}
        pageSize={INFLUENCER_APPLICATIONS_PAGE_SIZE}
        onPage={setPage}
        emptyTitle={empty.empty}
        emptyBody="Try another status to see the others."
        icon="handshake"
        toolbar={
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={filterId} className="text-sm font-medium">
              Show
            </label>
            <select
              id={filterId}
              className="select select-sm w-auto"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as InfluencerFilter);
                setPage(1);
              }}
            >
              {filters.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
        }
      >
        {(items, pageLabel) => (
          <ul aria-label={`${TITLE}, ${pageLabel}`} className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {items.map((application) => (
              <li key={application._id}>
                <ApplicationCard
                  application={application}
                  timeZone={timeZone}
                  busy={decide.isPending && decide.variables?.userId === application._id}
                  onApprove={() => approve(application)}
                  onReject={() => setRejecting(application)}
                />
              </li>
            ))}
          </ul>
        )}
      </ModerationSection>
      <ReasonDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        title="Reject application"
        intro={
          <p>
            <span className="font-semibold text-base-content">{rejecting?.name}</span> can’t share a referral link and reads this reason in their affiliate area and in an
            e-mail.
          </p>
        }
        label="Why is the application rejected?"
        confirmLabel="Reject"
        busyLabel="Rejecting…"
        onConfirm={reject}
        about="moderation"
      />
    </>
  );
}

type CardProps = { application: InfluencerApplication; timeZone: string; busy: boolean; onApprove: () => void; onReject: () => void };

function ApplicationCard({ application, timeZone, busy, onApprove, onReject }: CardProps) {
  const badge = statusBadge[application.status];
  const headingId = `influencer-${application._id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0">
          <PersonCell person={application} />
        </h3>
        <Badge variant={badge.variant} size="sm">
          {badge.label}
        </Badge>
      </div>
      <dl className="mt-3 mb-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-base-content/80">Code</dt>
        <dd className="font-mono">{application.referralCode}</dd>
        {application.channel ? (
          <>
            <dt className="text-base-content/80">Shares on</dt>
            <dd className="wrap-break-word">
              <a href={application.channel} className="link link-primary" target="_blank" rel="noopener noreferrer nofollow ugc">
                {application.channel}{' '}<span className="sr-only">(opens in a new tab)</span>
              </a>
            </dd>
          </>
        ) : null}
        {application.audience ? (
          <>
            <dt className="text-base-content/80">Audience</dt>
            <dd className="whitespace-pre-wrap wrap-break-word">{application.audience}</dd>
          </>
        ) : null}
        <dt className="text-base-content/80">Applied</dt>
        <dd>
          <TimeCell iso={application.appliedAt} timeZone={timeZone} />
        </dd>
        {application.decidedAt ? (
          <>
            <dt className="text-base-content/80">Decided</dt>
            <dd>
              <TimeCell iso={application.decidedAt} timeZone={timeZone} />
            </dd>
          </>
        ) : null}
        {application.reason ? (
          <>
            <dt className="text-base-content/80">Reason</dt>
            <dd className="whitespace-pre-wrap wrap-break-word">{application.reason}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-base-300 pt-3">
        {application.status !== 'Approved' ? (
          <button type="button" className="btn btn-sm btn-primary" aria-disabled={busy || undefined} onClick={busy ? undefined : onApprove}>
            {busy ? 'Approving…' : 'Approve'} <span className="sr-only">{application.name}</span>
          </button>
        ) : null}
        {application.status !== 'Rejected' ? (
          <button type="button" className="btn btn-sm btn-outline btn-error" aria-haspopup="dialog" aria-disabled={busy || undefined} onClick={busy ? undefined : onReject}>
            Reject <span className="sr-only">{application.name}</span>
          </button>
        ) : null}
      </div>
    </article>
  );
}
