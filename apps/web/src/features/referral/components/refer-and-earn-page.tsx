import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { Link } from 'react-router';
import { messages } from '@parley/domain/messages';
import { formatMoney, type Money } from '@parley/domain/money';
import { PEER_REFERRAL_BONUS_MINUTES } from '@parley/domain/peer-referral';
import { REFERRAL_REWARD_PERCENT, type ReferralSummary } from '@parley/domain/referral';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { notify } from '../../../shared/lib/toast';
import { Badge } from '../../../shared/ui/badge';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { PageSkeleton } from '../../../shared/ui/loader';
import { useReferralSummary } from '../api/get-referral-summary';
import { copyText } from '../../../shared/lib/copy-text';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { hasSession } from '../../../shared/lib/session';

/** The reward rule shown on every Refer & Earn page, built from the domain's share and the server's cap. */
export function rewardRuleText(cap: Money): string {
  return `Get ${REFERRAL_REWARD_PERCENT}% of a friend’s first payment in your wallet, up to ${formatMoney(cap)}, when they join with your code.`;
}

/**
 * The peer referral bonus (packages/domain/src/peer-referral.ts): the server credits the code's
 * owner and the friend. For the family the owner is the parent's account, whose minutes the parent
 * gives to a kid.
 */
export function peerBonusText(audience: 'learner' | 'family'): string {
  const minutes = PEER_REFERRAL_BONUS_MINUTES;
  // The kids pages are read by a parent or a kid: the family's share is named, not "you".
  return audience === 'family'
    ? `Peer bonus: when a friend who joined with your family’s code buys their first peer plan, they get ${minutes} free peer minutes in their account, and the parent gets ${minutes} peer minutes to give to a kid.`
    : `Peer bonus: when a friend who joined with your code buys their first peer plan, you both get ${minutes} free peer minutes.`;
}

type Props = {
  /** Kid pages show the parent's summary, worded for the family. */
  audience?: 'learner' | 'family';
  back?: { to: string; label: string };
};

/** /user/referral, /refer-and-earn, /kids/{subject}/referral and /kid-peer/referral. */
export function ReferAndEarnPage({ audience = 'learner', back }: Props) {
  // Referral codes belong to learner accounts; a peer-only session has none to show.
  const hasLearner = hasSession('learner');
  const { data, isPending, isError, error, refetch, isFetching } = useReferralSummary(hasLearner);
  const subtitle =
    audience === 'family'
      ? 'Share your family’s referral code. Rewards go to the parent’s wallet.'
      : 'Invite friends to Parley and earn wallet rewards when they start learning.';
  return (
    <div className="space-y-6">
      {back ? (
        <Link to={back.to} className="link link-hover inline-flex items-center gap-1 text-sm">
          <span aria-hidden="true">←</span> {back.label}
        </Link>
      ) : null}
      <PageHeader title="Refer & Earn" subtitle={subtitle} />
      {!hasLearner ? (
        <EmptyState
          title="Refer & Earn needs a learner account"
          icon="gift"
          action={
            <Link to="/login" className="btn btn-primary btn-sm">
              Log in
            </Link>
          }
        >
          Referral codes belong to learner accounts. Log in with the parent’s learner account to see the family’s code and rewards.
        </EmptyState>
      ) : isPending ? (
        <PageSkeleton label="Loading your referrals" />
      ) : isError ? (
        <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
      ) : (
        <ReferralSummaryView summary={data} audience={audience} />
      )}
    </div>
  );
}

async function copyWithToast(text: string, done: string) {
  try {
    await copyText(text);
    notify.success(done);
  } catch (error) {
    notify.failure(error);
  }
}

function ReferralSummaryView({ summary, audience }: { summary: ReferralSummary; audience: 'learner' | 'family' }) {
  return (
    <>
      <p className="alert alert-info alert-soft">
        <Icon name="gift" />
        <span>{rewardRuleText(summary.reward)}</span>
      </p>
      <p className="alert alert-info alert-soft">
        <Icon name="gift" />
        <span>{peerBonusText(audience)}</span>
      </p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <section aria-labelledby="referral-code-title" className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3">
            <h2 id="referral-code-title" className="text-sm font-semibold text-base-content/70">
              Your referral code
            </h2>
            <p className="font-mono text-3xl font-bold tracking-wider" data-testid="referral-code">
              {summary.code}
            </p>
            <button type="button" className="btn btn-primary btn-sm self-start" onClick={() => copyWithToast(summary.code, messages.referralCodeCopied)}>
              <Icon name="clipboard" className="size-4" /> Copy code
            </button>
          </div>
        </section>
        <section aria-labelledby="referral-link-title" className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3">
            <h2 id="referral-link-title" className="text-sm font-semibold text-base-content/70">
              Your invite link
            </h2>
            <input
              readOnly
              value={summary.link}
              aria-labelledby="referral-link-title"
              className="input input-sm w-full font-mono"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => copyWithToast(summary.link, messages.referralLinkCopied)}>
              <Icon name="clipboard" className="size-4" /> Copy link
            </button>
          </div>
        </section>
      </div>
      <div className="stats stats-vertical w-full border border-base-300 bg-base-100 sm:stats-horizontal">
        <div className="stat">
          <div className="stat-title">Total earned</div>
          <div className="stat-value text-primary tabular-nums" data-testid="referral-total">
            {formatMoney(summary.totalEarned)}
          </div>
        </div>
        <div className="stat">
          <div className="stat-title">Friends joined</div>
          <div className="stat-value tabular-nums">{summary.referred.length}</div>
        </div>
      </div>
      <ReferredList referred={summary.referred} />
    </>
  );
}

function ReferredList({ referred }: { referred: ReferralSummary['referred'] }) {
  const timeZone = useAccountTimeZone();
  if (referred.length === 0) {
    return (
      <EmptyState title="No friends have joined yet" icon="handshake">
        Share your code or link. Friends who sign up with it are listed here, and your reward arrives after their first payment.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="referred-title">
      <h2 id="referred-title" className="mb-3 text-lg font-semibold">
        Friends you referred
      </h2>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-labelledby="referred-title">
        {referred.map((person, index) => (
          <li key={`${person.name}-${person.joinedAt}-${index}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{person.name}</p>
              <p className="text-xs text-base-content/60">
                Joined <time dateTime={person.joinedAt}>{format(new TZDate(person.joinedAt, timeZone), 'd MMM yyyy')}</time>
              </p>
            </div>
            {person.status === 'rewarded' ? <Badge variant="success">Rewarded</Badge> : person.status === 'qualified' ? <Badge variant="neutral">Reward on its way</Badge> : <Badge variant="neutral">Joined</Badge>}
            <p className="basis-full text-sm tabular-nums sm:basis-48 sm:text-right">
              {person.reward ? formatMoney(person.reward) : <span className="text-base-content/70">{person.status === 'qualified' ? 'Being added to your wallet' : 'Awaiting first payment'}</span>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
