import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { z } from 'zod';
import type { peerReportItemSchema } from '@parley/domain/peer';
import { json, mockFetch, renderAt } from '../../../test/render';
import { PeerReports } from './peer-reports';

type Report = z.infer<typeof peerReportItemSchema>;

function report(overrides: Partial<Report> = {}): Report {
  return {
    _id: 'r1',
    callId: 'c1',
    reason: 'Shouted at me and used rude words.',
    createdAt: '2030-03-04T09:45:00.000Z',
    reporter: { _id: 'u1', name: 'Asha Verma', email: 'asha@example.com' },
    reported: { _id: 'u2', name: 'Ravi Kumar', email: 'ravi@example.com', suspended: false, warnings: 1 },
    call: { mode: 'video', startedAt: '2030-03-04T09:30:00.000Z', endedAt: '2030-03-04T09:44:00.000Z', durationSeconds: 840, endReason: 'reported', messages: 3 },
    resolution: null,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('PeerReports', () => {
  it('shows each report with both peers, the reason and the call, and warns with a reason', async () => {
    let items = [report()];
    const posted: { path: string; body: unknown }[] = [];
    mockFetch({
      'GET /api/moderator/peer-reports': () => json({ items, total: items.length }),
      'POST /api/moderator/peer-reports/r1/warn': (url, init) => {
        posted.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
        items = [report({ resolution: 'warned', reported: { ...report().reported, warnings: 2 } })];
        return json({});
      },
    });
    const user = userEvent.setup();
    renderAt(<PeerReports timeZone="Asia/Kolkata" />, { route: '/moderator/dashboard' });

    const card = (await screen.findByRole('heading', { name: 'Report about Ravi Kumar' })).closest('article')!;
    expect(within(card).getByText('Shouted at me and used rude words.')).toBeInTheDocument();
    expect(within(card).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(card).getByText('1 warning so far')).toBeInTheDocument();
    expect(within(card).getByText('Call', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/, 14 min, ended by the report, 3 chat messages$/);
    expect(within(card).queryByRole('button', { name: /Unsuspend/ })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Warn Ravi Kumar' }));
    const dialog = screen.getByRole('dialog', { name: 'Warn peer' });
    await user.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    expect(within(dialog).getByText('Say why in a few words')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('What should the peer know?'), 'Please keep calls friendly.');
    await user.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    await waitFor(() => expect(posted).toEqual([{ path: '/api/moderator/peer-reports/r1/warn', body: { reason: 'Please keep calls friendly.' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Resolved: warned')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Warn/ })).toBeNull();
  });

  it('a suspended peer can be unsuspended, with a reason', async () => {
    const posted: string[] = [];
    mockFetch({
      'GET /api/moderator/peer-reports': () => json({ items: [report({ resolution: 'suspended', reported: { ...report().reported, suspended: true } })], total: 1 }),
      'POST /api/moderator/peers/u2/unsuspend': (url) => {
        posted.push(url.pathname);
        return json({});
      },
    });
    const user = userEvent.setup();
    renderAt(<PeerReports timeZone="Asia/Kolkata" />, { route: '/moderator/dashboard' });
    // Two badges, each saying what it is about: the peer's standing, and how the report was resolved.
    expect(await screen.findByText('Peer suspended')).toHaveClass('badge');
    expect(screen.getByText('Resolved: suspended')).toHaveClass('badge');
    await user.click(await screen.findByRole('button', { name: 'Unsuspend Ravi Kumar' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift suspension' });
    await user.type(within(dialog).getByLabelText('Why is the suspension lifted?'), 'Apologised and understood the rules.');
    await user.click(within(dialog).getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() => expect(posted).toEqual(['/api/moderator/peers/u2/unsuspend']));
  });

  it('says when there are no reports', async () => {
    mockFetch({ 'GET /api/moderator/peer-reports': () => json({ items: [], total: 0 }) });
    renderAt(<PeerReports timeZone="Asia/Kolkata" />, { route: '/moderator/dashboard' });
    expect(await screen.findByRole('heading', { name: 'No peer reports' })).toBeInTheDocument();
  });
});
