import { Link } from 'react-router';
import type { KidPeerKid } from '@parley/domain/kid-peer';
import { PEER_CALL_MIN_MINUTES } from '@parley/domain/constants';
import { canStartPeerCall } from '@parley/domain/limits';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { errorMessage } from '../../../shared/lib/http';
import { rememberIntendedPath } from '../../../shared/lib/intended-path';
import { getItem } from '../../../shared/lib/storage';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useKidPeerKids } from '../api/get-kid-peer-kids';
import { peerPaths } from '../lib/peer-paths';
import { minutesText } from '../lib/peer-time';
import { KidPeerChooser, useChosenKid } from './kid-peer-chooser';
import { ScheduledPractice } from './scheduled-practice';

/**
 * /kid-peer/dashboard, in the parent's account: the chosen kid's peer practice — consent, age
 * band, level and minutes, or what is missing — and their scheduled practice, which only the
 * parent publishes or books.
 */
export function KidPeerDashboardPage() {
  const kids = useKidPeerKids();
  const [kid, choose] = useChosenKid(kids.data);
  const timeZone = useAccountTimeZone();
  return (
    <div className="space-y-6">
      <PageHeader title="Kids Peer Learning" subtitle="Your kids practise speaking with kids of their age and level, only at times you arrange." />
      {kids.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading your kids</span>
          <div className="skeleton h-28 w-full" />
        </div>
      ) : kids.isError ? (
        <RetryAlert message={errorMessage(kids.error)} onRetry={() => void kids.refetch()} retrying={kids.isFetching} className="text-base-content" />
      ) : !kid ? (
        <NoKids />
      ) : (
        <>
          <KidPeerChooser kids={kids.data} kid={kid} onChoose={choose} />
          <KidStatus kid={kid} />
          {kid.refusal ? null : (
            <ScheduledPractice
              key={`${kid.kidId} ${timeZone}`}
              timeZone={timeZone}
              owner={{ kidId: kid.kidId }}
              intro={`Publish a time for ${kid.name}, or book one another parent published for a kid of ${kid.name}’s age. Calls are audio only unless you choose video, and both families get a reminder.`}
              needsMinutes={
                canStartPeerCall(kid.availableMinutes) ? undefined : (
                  <>
                    {kid.name} has {minutesText(kid.availableMinutes)}, and a peer call needs at least {PEER_CALL_MIN_MINUTES}.{' '}
                    <Link to={profileLinkFor(kid.kidId)} className="link link-primary">
                      Give {kid.name} minutes
                    </Link>{' '}
                    before you publish or book a time.
                  </>
                )
              }
            />
          )}
        </>
      )}
    </div>
  );
}

export function NoKids() {
  return (
    <EmptyState
      title="Add a kid first"
      icon="puzzle"
      action={
        <Link to="/kids/accounts?type=switch-kids" className="btn btn-primary btn-sm">
          Add a kid
        </Link>
      }
    >
      Kids peer practice is for the kids on your account.
    </EmptyState>
  );
}

/**
 * The kid's practice page opens in the kid's own session: straight there when it is this kid's,
 * else through the kid chooser, which continues to it once a kid is chosen.
 */
function practiceLinkFor(kidId: string): string {
  return getItem('KID_TOKEN') !== null && getItem('KID')?._id === kidId ? peerPaths.kidPractice : '/kids/accounts?type=switch-kids';
}

const profileLinkFor = (kidId: string) => `/kid-peer/profile?kid=${encodeURIComponent(kidId)}`;

function KidStatus({ kid }: { kid: KidPeerKid }) {
  const profileLink = profileLinkFor(kid.kidId);
  return (
    <section aria-labelledby="kid-status-heading" className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="kid-status-heading" className="text-lg font-semibold wrap-break-word">
          {kid.name}
        </h2>
        <span className={`badge ${kid.consent ? 'badge-success' : 'badge-neutral'}`}>{kid.consent ? 'Peer practice on' : 'Peer practice off'}</span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-base-content/80">Age band</dt>
          <dd className="font-medium">{kid.ageBand ?? 'Not known'}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">Level</dt>
          <dd className="font-medium">{kid.level ?? 'Not set'}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">Minutes</dt>
          <dd className="font-medium tabular-nums">{minutesText(kid.availableMinutes)}</dd>
        </div>
      </dl>
      {kid.refusal ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-warning/15 p-3 text-sm">
          <span>{kid.refusal}</span>
          <Link to={profileLink} className="btn btn-sm btn-primary h-auto min-h-8 max-w-full py-1.5 whitespace-normal">
            Open {kid.name}’s peer profile
          </Link>
        </div>
      ) : (
        <>
          <p className="text-sm">
            At the time, {kid.name} joins from{' '}
            <Link to={practiceLinkFor(kid.kidId)} onClick={() => rememberIntendedPath(peerPaths.kidPractice)} className="link link-primary">
              Practise with a friend
            </Link>{' '}
            in the kids area, as {kid.name}.
          </p>
          <p className="text-sm">
            <Link to={profileLink} className="link link-primary">
              Change the level, give minutes or switch peer practice off
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
