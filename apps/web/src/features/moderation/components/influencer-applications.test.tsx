import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InfluencerApplication } from '@parley/domain/moderation';
import { json, mockFetch, renderAt } from '../../../test/render';
import { InfluencerApplications } from './influencer-applications';

const application = (overrides: Partial<InfluencerApplication> = {}): InfluencerApplication => ({
  _id: 'i1',
  name: 'Irfan Qureshi',
  email: 'affiliate.pending@parley.test',
  referralCode: 'IRFAN10',
  status: 'Pending',
  channel: null,
  audience: null,
  // 18:30 UTC is midnight the next day in Kolkata.
  appliedAt: '2026-03-01T18:30:00.000Z',
  reason: null,
  decidedAt: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('InfluencerApplications', () => {
  it('lists pending applications with code and applied date; an approved one leaves the queue and is listed under Approved', async () => {
    let current = application();
    const posted: string[] = [];
    const fetch = mockFetch({
      'GET /api/moderator/influencers': (url) => {
        const status = url.searchParams.get('status');
        const items = status === null || status === current.status ? [current] : [];
        return json({ items, total: items.length });
      },
      'POST /api/moderator/influencers/i1/approve': (url) => {
        posted.push(url.pathname);
        current = application({ status: 'Approved', decidedAt: '2026-03-02T04:30:00.000Z' });
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderAt(<InfluencerApplications timeZone="Asia/Kolkata" />);

    const card = (await screen.findByRole('heading', { name: /Irfan Qureshi/ })).closest('article')!;
    expect(card).toHaveTextContent('IRFAN10');
    expect(card).toHaveTextContent('2 Mar 2026, 12:00 AM');
    expect(within(card).getByText('Pending', { selector: '.badge' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toContain('status=Pending');

    await user.click(within(card).getByRole('button', { name: 'Approve Irfan Qureshi' }));
    await waitFor(() => expect(posted).toEqual(['/api/moderator/influencers/i1/approve']));
    expect(await screen.findByRole('heading', { name: 'No applications waiting' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show'), 'Approved');
    const approved = (await screen.findByRole('heading', { name: /Irfan Qureshi/ })).closest('article')!;
    expect(within(approved).getByText('Approved', { selector: '.badge' })).toBeInTheDocument();
    expect(approved).toHaveTextContent('Decided2 Mar 2026, 10:00 AM');
    expect(within(approved).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(approved).getByRole('button', { name: 'Reject Irfan Qureshi' })).toBeInTheDocument();
  });

  it('shows where an applicant will share Parley, as a link that opens apart, and who follows them there', async () => {
    mockFetch({
      'GET /api/moderator/influencers': () =>
        json({ items: [application({ channel: 'https://youtube.com/@irfan', audience: 'About 40,000 people\nlearning English for work.' })], total: 1 }),
    });
    renderAt(<InfluencerApplications timeZone="Asia/Kolkata" />);
    const card = (await screen.findByRole('heading', { name: /Irfan Qureshi/ })).closest('article')!;
    const channel = within(card).getByRole('link', { name: /youtube/ });
    expect(channel).toHaveAccessibleName('https://youtube.com/@irfan (opens in a new tab)');
    expect(channel).toHaveAttribute('href', 'https://youtube.com/@irfan');
    expect(channel).toHaveAttribute('target', '_blank');
    expect(channel.getAttribute('rel')).toContain('noopener');
    expect(card).toHaveTextContent('AudienceAbout 40,000 people learning English for work.');
  });

  it('approves once on a double click', async () => {
    const posted: string[] = [];
    mockFetch({
      'GET /api/moderator/influencers': () => json({ items: [application()], total: 1 }),
      'POST /api/moderator/influencers/i1/approve': (url) => {
        posted.push(url.pathname);
        return json(application({ status: 'Approved', decidedAt: '2026-03-02T04:30:00.000Z' }));
      },
    });
    renderAt(<InfluencerApplications timeZone="Asia/Kolkata" />);
    const approve = await screen.findByRole('button', { name: 'Approve Irfan Qureshi' });
    fireEvent.click(approve);
    fireEvent.click(approve);
    await waitFor(() => expect(posted).toHaveLength(1));
  });

  it('rejects only with a reason of a few words, which the card then shows', async () => {
    let current = application();
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/moderator/influencers': () => json({ items: [current], total: 1 }),
      'POST /api/moderator/influencers/i1/reject': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { reason: string };
        bodies.push(body);
        current = application({ status: 'Rejected', reason: body.reason, decidedAt: '2026-03-02T04:30:00.000Z' });
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderAt(<InfluencerApplications timeZone="Asia/Kolkata" />);

    await user.click(await screen.findByRole('button', { name: 'Reject Irfan Qureshi' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject application' });
    await user.type(within(dialog).getByLabelText('Why is the application rejected?'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why in a few words')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Why is the application rejected?'));
    await user.type(within(dialog).getByLabelText('Why is the application rejected?'), 'The channel promotes another brand.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ reason: 'The channel promotes another brand.' }]);
    expect(await screen.findByText('The channel promotes another brand.')).toBeInTheDocument();
    expect(screen.getByText('Rejected', { selector: '.badge' })).toBeInTheDocument();
  });

  it('filters by status from the Show list, starting again at page 1', async () => {
    const fetch = mockFetch({ 'GET /api/moderator/influencers': () => json({ items: [], total: 0 }) });
    const user = userEvent.setup();
    renderAt(<InfluencerApplications timeZone="Asia/Kolkata" />);
    expect(await screen.findByRole('heading', { name: 'No applications waiting' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'Rejected');
    expect(await screen.findByRole('heading', { name: 'No rejected applications' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'All');
    expect(await screen.findByRole('heading', { name: 'No affiliates yet' })).toBeInTheDocument();
    const urls = fetch.mock.calls.map(([input]) => String(input));
    expect(urls).toEqual([
      expect.stringContaining('status=Pending&page=1'),
      expect.stringContaining('status=Rejected&page=1'),
      expect.not.stringContaining('status='),
    ]);
  });

  it('shows the error with Try again', async () => {
    mockFetch({ 'GET /api/moderator/influencers': () => json({ code: 'FORBIDDEN', message: 'Not allowed.' }, 403) });
    renderAt(<InfluencerApplications timeZone="Asia/Kolkata" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not allowed.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
