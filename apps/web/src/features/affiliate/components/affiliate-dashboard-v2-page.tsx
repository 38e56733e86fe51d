import { lazy, Suspense, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AFFILIATE_SERIES_RANGES, type AffiliateSeries } from '@parley/domain/affiliate-api';
import { formatMoney } from '@parley/domain/money';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useAffiliateSeries } from '../api/get-affiliate-series';

// uPlot comes with the chart module, on this page only.
const SeriesChart = lazy(() => import('./series-chart'));

type Range = (typeof AFFILIATE_SERIES_RANGES)[number];
const count = (value: number) => String(Math.round(value));

/** /affiliate/dashboardV2: the dashboard's figures per day, as charts and as a table. */
export function AffiliateDashboardV2Page() {
  // The period is in the address (?days=), so a reload or a shared link keeps it; another value reads as 30.
  const [params, setParams] = useSearchParams();
  const days = AFFILIATE_SERIES_RANGES.find((range) => String(range) === params.get('days')) ?? 30;
  const setDays = (next: Range) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        search.set('days', String(next));
        return search;
      },
      { replace: true },
    );
  const { data, isPending, isError, error, refetch, isFetching } = useAffiliateSeries(days);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Campaigns over time"
        subtitle="Clicks, sign-ups, first payments and earnings per day, in your timezone."
        actions={
          <label className="flex items-center gap-2 text-sm">
            <span>Period</span>
            <select className="select select-sm" value={days} onChange={(event) => setDays(Number(event.target.value) as Range)}>
              {AFFILIATE_SERIES_RANGES.map((range) => (
                <option key={range} value={range}>
                  Last {range} days
                </option>
              ))}
            </select>
          </label>
        }
      />
      {isPending ? (
        <PageSkeleton label="Loading your charts" className="p-0" />
      ) : isError ? (
        <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
      ) : (
        <SeriesView series={data} />
      )}
    </div>
  );
}

function SeriesView({ series }: { series: AffiliateSeries }) {
  const money = useMemo(() => (minor: number) => formatMoney({ amountMinor: Math.round(minor), currency: series.currency }), [series.currency]);
  const days = useMemo(() => series.points.map((p) => p.day), [series.points]);
  const charts = [
    { key: 'clicks', title: 'Clicks', values: series.points.map((p) => p.clicks), format: count, colorVar: '--color-primary' as const },
    { key: 'signUps', title: 'Sign-ups', values: series.points.map((p) => p.signUps), format: count, colorVar: '--color-secondary' as const },
    { key: 'firstPayments', title: 'First payments', values: series.points.map((p) => p.firstPayments), format: count, colorVar: '--color-accent' as const },
    { key: 'earnings', title: 'Earnings', values: series.points.map((p) => p.earningsMinor), format: money, colorVar: '--color-success' as const },
  ];
  const total = (values: number[]) => values.reduce((sum, v) => sum + v, 0);
  const captionId = useId();
  return (
    <>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {charts.map((chart) => (
          <section key={chart.key} aria-labelledby={`chart-${chart.key}`} className="rounded-box border border-base-300 bg-base-100 p-4">
            <h2 id={`chart-${chart.key}`} className="flex items-baseline justify-between gap-2 font-semibold">
              {chart.title}
              <span className="text-sm font-normal text-base-content/70">
                {chart.format(total(chart.values))} in {series.days} days
              </span>
            </h2>
            <Suspense fallback={<div className="skeleton mt-2 h-[200px]" aria-hidden="true" />}>
              <SeriesChart days={days} values={chart.values} format={chart.format} label={chart.title} colorVar={chart.colorVar} wholeNumbers={chart.format === count} />
            </Suspense>
          </section>
        ))}
      </div>
      <details className="rounded-box border border-base-300 bg-base-100 p-4">
        <summary className="cursor-pointer font-semibold">The same figures as a table</summary>
        {/* Scrolls sideways on a narrow screen: a named, focusable region, so a keyboard can scroll it. */}
        <div role="region" aria-labelledby={captionId} tabIndex={0} className="mt-3 overflow-x-auto">
          <table className="table table-sm">
            <caption id={captionId} className="sr-only">
              Per day, last {series.days} days
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Clicks</th>
                <th scope="col">Sign-ups</th>
                <th scope="col">First payments</th>
                <th scope="col">Earnings</th>
              </tr>
            </thead>
            <tbody>
              {[...series.points].reverse().map((p) => (
                <tr key={p.day}>
                  <th scope="row" className="font-normal whitespace-nowrap">
                    <time dateTime={p.day}>{formatCalendarDate(p.day, 'EEE, d MMM yyyy')}</time>
                  </th>
                  <td className="tabular-nums">{p.clicks}</td>
                  <td className="tabular-nums">{p.signUps}</td>
                  <td className="tabular-nums">{p.firstPayments}</td>
                  <td className="tabular-nums">{money(p.earningsMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
