import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { SessionItem } from '@parley/domain/booking';
import { lastFakeSocket } from '../../../test/fake-socket';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { TutorSessionsPage } from './tutor-sessions-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function session(i: number, overrides: Partial<SessionItem> = {}): SessionItem {
  return {
    _id: `s-${i}`,
    subject: 'English',
    type: 'Regular',
    status: 'booked',
    // 10:00–10:15 in Kolkata on 12 March 2030, then a day later each.
    startAt: new Date(Date.UTC(2030, 2, 12 + i, 4, 30)).toISOString(),
    endAt: new Date(Date.UTC(2030, 2, 12 + i, 4, 45)).toISOString(),
    forKids: false,
    teacher: { _id: 't-1', name: 'Ananya Iyer', image: '/a.svg' },
    learner: { _id: `l-${i}`, name: 'Rohan Sharma' },
    ...overrides,
  };
}

const past = [
  session(0, { outcome: 'Completed', learnerMinutes: 14, tutorMinutes: 15 }),
  session(1, { outcome: 'LearnerNoShow', learnerMinutes: 0, tutorMinutes: 15 }),
  session(2, { outcome: 'TutorNoShow', learnerMinutes: 15, tutorMinutes: 0, refunded: true }),
  session(6, { outcome: 'TutorNoShow', learnerMinutes: 0, tutorMinutes: 0, refunded: true }),
  session(3, { status: 'cancelled', cancelledBy: 'tutor', refunded: true }),
  session(4, { status: 'cancelled', cancelledBy: 'learner', refunded: false }),
  // The learner moved it (to 11:00 AM in Kolkata on Mon 18 Mar).
  session(5, { status: 'cancelled', cancelledBy: 'learner', refunded: true, movedTo: { _id: 's-9', startAt: new Date(Date.UTC(2030, 2, 18, 5, 30)).toISOString() } }),
];

function renderPage(route = '/teacher/sessions', handlers: Parameters<typeof mockFetch>[0] = {}) {
  let upcoming = [session(0)];
  const fetchMock = mockFetch({
    'GET /api/auth/me': () => json({ user: userRecord({ role: 'teacher', name: 'Ananya Iyer', timezone: 'Asia/Kolkata' }) }),
    'GET /api/teacher/sessions': (url) => {
      const items = url.searchParams.get('when') === 'past' ? past : upcoming;
      return json({ items, total: items.length });
    },
    'GET /api/sessions/s-0/cancel-preview': () => json({ refunded: true, message: 'The learner will get this session back.' }),
    'POST /api/sessions/s-0/cancel': () => {
      upcoming = [];
      return json({ status: 'cancelled', refunded: true, message: 'Session cancelled. The learner gets the session back.' });
    },
    ...handlers,
  });
  renderAt(<TutorSessionsPage />, { route });
  return { fetchMock, setUpcoming: (items: SessionItem[]) => (upcoming = items) };
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === '/api/teacher/sessions');

describe('TutorSessionsPage', () => {
  it('shows no time before the tutor’s own timezone is known: not first in the browser’s and then moved', async () => {
    let answerProfile!: () => void;
    renderPage('/teacher/sessions', {
      'GET /api/auth/me': () =>
        new Promise<Response>((resolve) => (answerProfile = () => resolve(json({ user: userRecord({ role: 'teacher', name: 'Ananya Iyer', timezone: 'Asia/Dubai' }) })))),
    });
    await waitFor(() => expect(answerProfile).toBeTypeOf('function'));
    // The sessions are in; the profile is not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('tutor-session-row')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading sessions' })).toBeInTheDocument();
    expect(screen.queryByText(/Times are in/)).toBeNull();
    answerProfile();
    expect(await screen.findByText('Your sessions with learners. Times are in Asia/Dubai.')).toBeInTheDocument();
    expect(await screen.findByTestId('tutor-session-row')).toBeInTheDocument();
  });

  it('upcoming: Join opens 10 minutes before the start, in the tutor’s timezone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 4, 10)) });
    const { fetchMock } = renderPage();
    const row = await screen.findByTestId('tutor-session-row');
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Join opens at 9:50 AM' })).toBeDisabled());
    expect(within(row).getByTestId('session-countdown')).toHaveTextContent('Starts in 20 min');
    expect(Object.fromEntries(new URL(String(listCalls(fetchMock)[0]![0]), 'http://localhost').searchParams)).toEqual({ page: '1', limit: '10', when: 'upcoming' });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    expect(within(row).getByRole('link', { name: 'Join the session with Rohan Sharma' })).toHaveAttribute('href', '/meeting?session=s-0');
  });

  it('upcoming IELTS: the learner’s band goal and test date, as far as they set them', async () => {
    const items = [
      session(0, { subject: 'IELTS', ieltsGoal: { band: 6.5, testDate: '2027-02-15' } }),
      session(1, { subject: 'IELTS', learner: { _id: 'l-1', name: 'Vikram Singh' }, ieltsGoal: { band: 7, testDate: null } }),
      session(2, { subject: 'IELTS', learner: { _id: 'l-2', name: 'Meera Das' }, ieltsGoal: null }),
    ];
    renderPage('/teacher/sessions', { 'GET /api/teacher/sessions': () => json({ items, total: items.length }) });
    const rows = await screen.findAllByTestId('tutor-session-row');
    expect(rows.map((row) => within(row).queryByTestId('ielts-goal')?.textContent ?? null)).toEqual([
      'Goal: band 6.5 · test on 15 Feb 2027',
      'Goal: band 7.0',
      null,
    ]);
  });

  it('Cancel says once that the learner gets the session back (the preview), that they are notified, and cancels as the tutor', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    const cancelButton = within(await screen.findByTestId('tutor-session-row')).getByRole('button', { name: 'Cancel' });
    expect(cancelButton).toHaveAccessibleDescription('English with Rohan Sharma on Tue, 12 Mar 2030 at 10:00 AM.');
    await user.click(cancelButton);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    expect(dialog).toHaveTextContent('English with Rohan Sharma on Tue, 12 Mar 2030 at 10:00 AM.');
    expect(dialog).toHaveTextContent('The learner is notified when you cancel.');
    expect(await within(dialog).findByTestId('cancel-preview')).toHaveTextContent('The learner will get this session back.');
    expect(dialog.textContent?.match(/session back/g)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));

    expect(await screen.findByText('No upcoming sessions yet.')).toBeInTheDocument();
    const cancel = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api/sessions/s-0/cancel') && init?.method === 'POST')!;
    expect((cancel[1]!.headers as Record<string, string>)['x-parley-as']).toBe('teacher');
    expect(JSON.parse(String(cancel[1]!.body))).toEqual({ reason: '' });
  });

  it('past: what each session came to, from the tutor’s side, and the minutes', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    await screen.findByTestId('tutor-session-row');
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    const list = await screen.findByRole('list', { name: 'Past sessions' });
    expect(within(list).getAllByTestId('session-outcome').map((o) => o.textContent)).toEqual([
      'CompletedYou: 15 min · Learner: 14 min',
      "Learner didn't attendYou: 15 min · Learner: 0 min",
      'You missed it — the learner got the session backYou: 0 min · Learner: 15 min',
      'Neither of you attended — the learner got the session backYou: 0 min · Learner: 0 min',
      'Cancelled by you — the learner got the session back',
      'Cancelled by the learner',
      'Moved to Mon 18 Mar, 11:00 AM',
    ]);
    expect(within(list).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(new URL(String(listCalls(fetchMock).at(-1)![0]), 'http://localhost').searchParams.get('when')).toBe('past');
  });

  it('sessions_changed on the tutor’s socket reloads the list', async () => {
    const { fetchMock, setUpcoming } = renderPage();
    await screen.findByTestId('tutor-session-row');
    const before = listCalls(fetchMock).length;
    setUpcoming([session(0), session(1)]);
    act(() => lastFakeSocket('teacher').serverEmit('sessions_changed', { sessionId: 's-1' }));
    await waitFor(() => expect(screen.getAllByTestId('tutor-session-row')).toHaveLength(2));
    expect(listCalls(fetchMock).length).toBe(before + 1);
  });

  it('an open Cancel closes with the server’s reason when the learner cancels the session meanwhile, and the focus stays in the list’s place', async () => {
    const user = userEvent.setup();
    let gone = false;
    const { setUpcoming } = renderPage('/teacher/sessions', {
      'GET /api/sessions/s-0/cancel-preview': () =>
        gone ? json({ code: 'CONFLICT', message: 'This session is already cancelled.' }, 409) : json({ refunded: true, message: 'The learner will get this session back.' }),
    });
    await user.click(within(await screen.findByTestId('tutor-session-row')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Cancel this session?' })).toBeInTheDocument();

    gone = true;
    setUpcoming([]);
    act(() => lastFakeSocket('teacher').serverEmit('sessions_changed', { sessionId: 's-0' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith('This session is already cancelled.', expect.anything());
    expect(screen.getByText('No upcoming sessions yet.')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toContainElement(document.activeElement as HTMLElement);
  });

  it('pages through 10 sessions at a time, the page in the address and the keyboard going on from the open panel', async () => {
    const many = Array.from({ length: 13 }, (_, i) => session(i));
    renderPage('/teacher/sessions', {
      'GET /api/teacher/sessions': (url) => {
        const page = Number(url.searchParams.get('page'));
        return json({ items: many.slice((page - 1) * 10, page * 10), total: many.length });
      },
    });
    const user = userEvent.setup();
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages).toHaveTextContent('Page 2 of 2'));
    expect(screen.getByRole('tabpanel', { name: 'Upcoming' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/teacher/sessions?when=upcoming&page=2');
  });
});
