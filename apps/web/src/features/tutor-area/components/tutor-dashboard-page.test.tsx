import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { lastFakeSocket } from '../../../test/fake-socket';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { TutorDashboardPage } from './tutor-dashboard-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));

function renderDashboard(initial: { reason: string | null } | null) {
  let block = initial;
  mockFetch({
    'GET /api/auth/me': () => json({ user: userRecord({ role: 'teacher', name: 'Ananya Iyer', timezone: 'Asia/Kolkata' }) }),
    'GET /api/teacher/sessions': () => json({ items: [], total: 0 }),
    'GET /api/teacher/availability': () => json({ timezone: 'Asia/Kolkata', version: 'week-1', ranges: [{ weekday: 1, startMinute: 540, endMinute: 720 }], daysOff: [], block, bookedDays: [] }),
  });
  renderAt(<TutorDashboardPage />, { route: '/teacher/dashboard' });
  return { setBlock: (next: typeof block) => (block = next) };
}

const notice = (kind: string) => ({ _id: `n-${kind}`, kind, title: 'Account', body: '', link: '/teacher/dashboard', readAt: null, createdAt: '2026-12-06T06:00:00.000Z' });

describe('TutorDashboardPage', () => {
  it('tells a blocked tutor plainly, with the moderator’s reason, and why no one books them', async () => {
    renderDashboard({ reason: 'Repeated no-shows reported by learners.' });
    const notice = await screen.findByRole('region', { name: 'Your account is blocked by a moderator' });
    expect(notice).toHaveTextContent('Learners cannot book you until a moderator unblocks you.');
    expect(notice).toHaveTextContent('Reason: Repeated no-shows reported by learners.');
    expect(await screen.findByText('No upcoming sessions: learners cannot book you while your account is blocked.')).toBeInTheDocument();
    expect(screen.queryByText(/Open more hours to get booked/)).not.toBeInTheDocument();
  });

  it('a block with no logged reason still says so, without a reason line', async () => {
    renderDashboard({ reason: null });
    const notice = await screen.findByRole('region', { name: 'Your account is blocked by a moderator' });
    expect(notice).not.toHaveTextContent('Reason:');
  });

  it('an unblocked tutor sees no notice and is asked to open more hours', async () => {
    renderDashboard(null);
    expect(await screen.findByText('No upcoming sessions yet. Open more hours to get booked.')).toBeInTheDocument();
    expect(screen.queryByTestId('tutor-block-notice')).not.toBeInTheDocument();
  });

  it('a block or an unblock while the dashboard is open shows, or drops, the notice at once', async () => {
    const { setBlock } = renderDashboard(null);
    await screen.findByText('No upcoming sessions yet. Open more hours to get booked.');
    setBlock({ reason: 'Repeated no-shows reported by learners.' });
    act(() => lastFakeSocket('teacher').serverEmit('notification', notice('tutor_blocked')));
    expect(await screen.findByRole('region', { name: 'Your account is blocked by a moderator' })).toHaveTextContent('Reason: Repeated no-shows reported by learners.');

    setBlock(null);
    act(() => lastFakeSocket('teacher').serverEmit('notification', notice('tutor_unblocked')));
    expect(await screen.findByText('No upcoming sessions yet. Open more hours to get booked.')).toBeInTheDocument();
    expect(screen.queryByTestId('tutor-block-notice')).not.toBeInTheDocument();
  });
});
