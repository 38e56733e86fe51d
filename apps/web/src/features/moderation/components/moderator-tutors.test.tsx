import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModeratorTutor } from '@parley/domain/moderation';
import { json, mockFetch, renderAt } from '../../../test/render';
import { ModeratorTutors } from './moderator-tutors';

const moderator = { _id: 'm1', name: 'Leela Joseph', email: 'moderator@parley.test' };
const tutor = (overrides: Partial<ModeratorTutor> = {}): ModeratorTutor => ({
  _id: 't1',
  name: 'Kavya Reddy',
  email: 'kavya.reddy@parley.test',
  subjects: ['English', 'Kids English'],
  isBlocked: false,
  upcomingSessions: 2,
  block: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('ModeratorTutors', () => {
  it('blocks a tutor with a reason, saying first that their 2 booked sessions go back to the learners', async () => {
    let current = tutor();
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/moderator/tutors': () => json({ items: [current], total: 1 }),
      'POST /api/moderator/tutors/t1/block': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { reason: string };
        bodies.push(body);
        current = tutor({ isBlocked: true, upcomingSessions: 0, block: { moderator, reason: body.reason, createdAt: '2026-03-02T04:30:00.000Z' } });
        return json({ tutor: current, cancelledSessions: 2 });
      },
    });
    const user = userEvent.setup();
    renderAt(<ModeratorTutors timeZone="Asia/Kolkata" />);

    const card = (await screen.findByRole('heading', { name: /Kavya Reddy/ })).closest('article')!;
    expect(card).toHaveTextContent('English, Kids English');
    expect(card).toHaveTextContent('2 upcoming sessions');
    expect(within(card).getByText('Listed')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Block Kavya Reddy' }));
    const dialog = screen.getByRole('dialog', { name: 'Block tutor' });
    expect(dialog).toHaveTextContent('Their 2 booked sessions will be cancelled: each learner gets the session back');
    expect(dialog).toHaveTextContent('The tutor sees your reason on their dashboard; learners don’t.');
    await user.type(within(dialog).getByLabelText('Why is the tutor blocked?'), 'Repeated no-shows reported by learners.');
    await user.click(within(dialog).getByRole('button', { name: 'Block tutor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ reason: 'Repeated no-shows reported by learners.' }]);

    const blocked = (await screen.findByText('Blocked', { selector: '.badge' })).closest('article')!;
    expect(blocked).toHaveTextContent('Repeated no-shows reported by learners.');
    expect(blocked).toHaveTextContent('2 Mar 2026, 10:00 AM by Leela Joseph');
    expect(within(blocked).getByRole('button', { name: 'Unblock Kavya Reddy' })).toBeInTheDocument();
  });

  it('searches by name or email and says when nobody matches', async () => {
    const fetch = mockFetch({ 'GET /api/moderator/tutors': (url) => json(url.searchParams.get('q') ? { items: [], total: 0 } : { items: [tutor()], total: 1 }) });
    const user = userEvent.setup();
    renderAt(<ModeratorTutors timeZone="Asia/Kolkata" />);
    await screen.findByRole('heading', { name: /Kavya Reddy/ });
    await user.type(screen.getByRole('searchbox', { name: 'Name or email' }), '  zzz ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No tutor matches' })).toBeInTheDocument();
    expect(String(fetch.mock.calls.at(-1)![0])).toContain('q=zzz&page=1');
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByRole('heading', { name: /Kavya Reddy/ })).toBeInTheDocument();
  });

  it('unblocking a tutor with no bookings says so in the dialog', async () => {
    mockFetch({
      'GET /api/moderator/tutors': () => json({ items: [tutor({ isBlocked: true, upcomingSessions: 0, block: { moderator, reason: 'Spam.', createdAt: '2026-03-02T04:30:00.000Z' } })], total: 1 }),
    });
    const user = userEvent.setup();
    renderAt(<ModeratorTutors timeZone="Asia/Kolkata" />);
    await user.click(await screen.findByRole('button', { name: 'Unblock Kavya Reddy' }));
    const dialog = screen.getByRole('dialog', { name: 'Unblock tutor' });
    expect(dialog).toHaveTextContent('appears in the tutor list again');
    expect(within(dialog).getByRole('button', { name: 'Unblock tutor' })).toBeInTheDocument();
  });
});
