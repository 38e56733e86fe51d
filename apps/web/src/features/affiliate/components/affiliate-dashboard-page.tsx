import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AffiliateDashboard } from '@parley/domain/affiliate-api';
import { affiliateMayShare } from '@parley/domain/affiliate-link';
import { formatMoney } from '@parley/domain/money';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { getItem } from '../../../shared/lib/storage';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useAffiliateDashboard } from '../api/get-affiliate-dashboard';
import { AffiliateStatus } from './affiliate-status';

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/**
 * Why a moderator rejected the partnership: the affiliate's own record carries it (statusReason)
 * while the status is Rejected. Asked for only then; the record stored at login stands in meanwhile.
 */
function useRejectionReason(status: string): string | null {
  const rejected = status === 'Rejected';
  const me = useQuery({ ...meQueryOptions('influencer'), enabled: rejected });
  const record = me.data ?? getItem('INFLUENCER');
  return rejected && record?.status === 'Rejected' ? (record.statusReason ?? null) : null;
}

/** /affiliate/dashboard: what the affiliate's links and code brought, counted from recorded events. */
export function AffiliateDashboardPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useAffiliateDashboard();
  return (
    <div className="space-y-6">
      <PageHeader title="Affiliate dashboard" subtitle="Visits, sign-ups and payments that came through your link and code." />
      {isPending ? (
        <PageSkeleton label="Loading your dashboard" className="p-0" />
      ) : isError ? (
        <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
      ) : (
        <DashboardView dashboard={data} />
      )}
    </div>
  );
}

function DashboardView({ dashboard }: { dashboard: AffiliateDashboard }) {
  const rejectionReason = useRejectionReason(dashboard.status);
  const stats = [
    { label: 'Clicks', value: String(dashboard.clicks), testId: 'stat-clicks' },
    { label: 'Sign-ups', value: String(dashboard.signUps), note: `${percent(dashboard.signUpConversionPercent)} of clicks`, testId: 'stat-signups' },
    { label: 'Paying learners', value: String(dashboard.payingLearners), note: `${percent(dashboard.payingConversionPercent)} of sign-ups`, testId: 'stat-paying' },
    { label: 'Earnings this month', value: formatMoney(dashboard.earningsThisMonth), testId: 'stat-month' },
    { label: 'Earnings all time', value: formatMoney(dashboard.earningsAllTime), testId: 'stat-all-time' },
    { label: 'Available for payout', value: formatMoney(dashboard.available), note: `Minimum payout ${formatMoney(dashboard.payoutMinimum)}`, testId: 'stat-available' },
  ];
  return (
    <>
      <AffiliateStatus status={dashboard.status} reason={rejectionReason} />
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-box border border-base-300 bg-base-100 p-4">
            <dt className="text-sm text-base-content/70">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={stat.testId}>
              {stat.value}
            </dd>
            {stat.note ? <dd className="text-xs text-base-content/70">{stat.note}</dd> : null}
          </div>
        ))}
      </dl>
      <p className="text-sm text-base-content/70">
        Paid out so far: <span className="font-semibold tabular-nums">{formatMoney(dashboard.paidOut)}</span>.{' '}
        <Link to="/affiliate/dashboardV2" className="link">
          See them over time
        </Link>{' '}
        or{' '}
        <Link to="/affiliate/earnings" className="link">
          every commission
        </Link>
        .
      </p>
      {dashboard.clicks === 0 && dashboard.signUps === 0 ? (
        <EmptyState title="No visits yet" icon="chart">
          {affiliateMayShare(dashboard.status)
            ? 'Share your campaign link or code: every visit, sign-up and payment it brings shows up here.'
            : dashboard.status === 'Rejected'
              ? 'Your partnership was not approved, so your link and code bring no visits, sign-ups or payments to show here.'
              : 'Once your partnership is approved, share your campaign link or code: every visit, sign-up and payment it brings shows up here.'}
        </EmptyState>
      ) : null}
    </>
  );
}
