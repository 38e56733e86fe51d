import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, mockFetch, renderAt } from '../../../test/render';
import { AffiliateDashboardV2Page } from './affiliate-dashboard-v2-page';

// uPlot draws on a canvas jsdom does not have; the charts are the chart module's concern.
vi.mock('./series-chart', () => ({ default: ({ label }: { label: string }) => <figure aria-label={label} /> }));

const series = {
  days: 30,
  timeZone: 'Asia/Kolkata',
  currency: 'INR',
  points: [
    { day: '2026-12-05', clicks: 4, signUps: 1, firstPayments: 0, earningsMinor: 0 },
    { day: '2026-12-06', clicks: 7, signUps: 2, firstPayments: 1, earningsMinor: 15_000 },
  ],
};

describe('/affiliate/dashboardV2: the figures as a table', () => {
  it('scrolls inside a named, focusable region, newest day first, days written as the rest of Parley writes them', async () => {
    mockFetch({ 'GET /api/affiliate/series': () => json(series) });
    renderAt(<AffiliateDashboardV2Page />, { route: '/affiliate/dashboardV2' });
    const region = await screen.findByRole('region', { name: 'Per day, last 30 days' });
    expect(region).toHaveAttribute('tabindex', '0');
    const days = within(region).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(days).toEqual(['Sun, 6 Dec 2026', 'Sat, 5 Dec 2026']);
    expect(within(region).getAllByRole('row')[1]).toHaveTextContent('₹150');
  });

  it('keeps the period in the address, so a reload or a shared link shows the same one', async () => {
    const fetchMock = mockFetch({ 'GET /api/affiliate/series': (url) => json({ ...series, days: Number(url.searchParams.get('days')) }) });
    renderAt(<AffiliateDashboardV2Page />, { route: '/affiliate/dashboardV2?days=90' });
    expect(await screen.findByRole('region', { name: 'Per day, last 90 days' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('90');
    expect(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('days')).toBe('90');

    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '365' } });
    expect(screen.getByTestId('location')).toHaveTextContent('/affiliate/dashboardV2?days=365');
    expect(await screen.findByRole('region', { name: 'Per day, last 365 days' })).toBeInTheDocument();
  });

  it('reads a period it does not offer as the last 30 days', async () => {
    mockFetch({ 'GET /api/affiliate/series': () => json(series) });
    renderAt(<AffiliateDashboardV2Page />, { route: '/affiliate/dashboardV2?days=7' });
    expect(await screen.findByRole('region', { name: 'Per day, last 30 days' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('30');
  });
});
