import { useState } from 'react';
import { Link } from 'react-router';
import { PEER_CALL_MIN_MINUTES } from '@parley/domain/constants';
import { canStartPeerCall } from '@parley/domain/limits';
import type { PeerLevel, PeerOverview } from '@parley/domain/peer';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { errorMessage } from '../../../shared/lib/http';
import { hasSession } from '../../../shared/lib/session';
import { PageHeader } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { usePeerOverview } from '../api/get-peer-overview';
import { peerPaths } from '../lib/peer-paths';
import { MinutesCard } from './minutes-card';
import { PeerNotices } from './peer-notices';
import { PlacementForm } from './placement-form';
import { PlacementResult } from './placement-result';
import { PractiseNow } from './practise-now';
import { RecentCalls } from './recent-calls';
import { ScheduledPractice } from './scheduled-practice';

/**
 * /peer-learning/dashboard: a first visit takes the placement; then minutes left, the plan,
 * Practise now (and the queue), scheduled practice (publish, book, Join at the time, cancel),
 * notices from the moderators and the latest calls. A match (peer:matched) opens the call: the
 * peer area follows it (PeerArea).
 */
export function PeerDashboardPage() {
  const overview = usePeerOverview();
  const [placedLevel, setPlacedLevel] = useState<PeerLevel | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader title="Peer Learning" subtitle="Practise speaking English with learners like you." />
      {overview.isPending ? (
        <div role="status" className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <span className="sr-only">Loading your peer dashboard</span>
          <div className="skeleton h-48" />
          <div className="skeleton h-48" />
        </div>
      ) : overview.isError ? (
        <RetryAlert message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} retrying={overview.isFetching} className="text-base-content" />
      ) : placedLevel ? (
        <PlacementResult level={placedLevel} onContinue={() => setPlacedLevel(null)} />
      ) : overview.data.profile === null ? (
        <PlacementForm onPlaced={setPlacedLevel} />
      ) : (
        <PeerHome overview={overview.data} />
      )}
    </div>
  );
}

function PeerHome({ overview }: { overview: PeerOverview }) {
  const timeZone = useAccountTimeZone();
  return (
    <div className="space-y-6">
      <PeerNotices overview={overview} timeZone={timeZone} />
      {overview.activeCallId ? (
        <div role="status" className="alert alert-info alert-soft flex flex-wrap items-center justify-between gap-2 text-base-content">
          <span className="font-medium">Your peer call is waiting for you.</span>
          <Link to={peerPaths.call(overview.activeCallId)} className="btn btn-primary btn-sm">
            Open the call
          </Link>
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <MinutesCard overview={overview} timeZone={timeZone} learnerAccount={hasSession('learner')} />
        {overview.activeCallId ? null : <PractiseNow overview={overview} />}
      </div>
      {/* A new zone starts the publish form over: its day and start were picked in the old one. */}
      <ScheduledPractice
        key={timeZone}
        timeZone={timeZone}
        callPath={peerPaths.call}
        needsMinutes={
          // The minutes card above has Get more minutes.
          canStartPeerCall(overview.availableMinutes) ? undefined : `A peer call needs at least ${PEER_CALL_MIN_MINUTES} available minutes: get more minutes before you publish or book a time.`
        }
      />
      <RecentCalls timeZone={timeZone} canCall={canStartPeerCall(overview.availableMinutes)} />
    </div>
  );
}
