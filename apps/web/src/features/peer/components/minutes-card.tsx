import { Link } from 'react-router';
import { PEER_CALL_MIN_MINUTES } from '@parley/domain/constants';
import { PEER_MONTHLY_PLAN_MINUTES, type PeerOverview } from '@parley/domain/peer';
import { PEER_REFERRAL_BONUS_MINUTES } from '@parley/domain/peer-referral';
import { peerPaths } from '../lib/peer-paths';
import { dateTimeText } from '../lib/peer-time';

/** Minutes left (big), the plan, and how to get more. */
export function MinutesCard({ overview, timeZone, learnerAccount }: { overview: PeerOverview; timeZone: string; learnerAccount: boolean }) {
  const { availableMinutes, plan } = overview;
  return (
    <section aria-labelledby="minutes-heading" className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id="minutes-heading" className="text-sm font-semibold tracking-wide text-base-content/80 uppercase">
        Minutes left
      </h2>
      <p className="flex items-baseline gap-2">
        <span className="text-5xl font-extrabold tabular-nums">{availableMinutes}</span>
        <span className="text-lg font-medium">{availableMinutes === 1 ? 'minute' : 'minutes'}</span>
      </p>
      <p className="text-sm">
        {plan ? (
          <>
            Plan: <span className="font-semibold">{plan.name}</span>, bought {dateTimeText(plan.boughtAt, timeZone)}
          </>
        ) : (
          'No peer plan yet.'
        )}
      </p>
      <div className="mt-auto space-y-2 border-t border-base-300 pt-3 text-sm">
        <p>
          A call needs at least {PEER_CALL_MIN_MINUTES} minutes. Each Peer Learning plan adds {PEER_MONTHLY_PLAN_MINUTES} minutes, which don’t expire.
          {learnerAccount ? '' : ' Your peer learning account has no wallet: pay for a plan by card.'}
        </p>
        <Link to={peerPaths.plans} className="btn btn-outline btn-primary btn-sm">
          Get more minutes
        </Link>
        {learnerAccount ? (
          <p>
            Invite a friend with{' '}
            <Link to="/refer-and-earn" className="link link-primary">
              your referral code
            </Link>
            : when they buy their first peer plan, you both get {PEER_REFERRAL_BONUS_MINUTES} free minutes.
          </p>
        ) : null}
      </div>
    </section>
  );
}
