import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@parley/domain/messages';
import type { ScheduleResponse, SessionItem } from '@parley/domain/booking';
import { toast } from 'sonner';
import { lastFakeSocket } from '../../../test/fake-socket';
import { json, mockFetch, renderAt } from '../../../test/render';
import { SessionList, UpcomingSessionsPreview } from './session-list';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ownerId = '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11';

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
    learner: { _id: ownerId, name: 'Rohan Sharma' },
    ...overrides,
  };
}

function renderList(total = 1, items = [session(0, { type: 'Demo' })]) {
  const fetchMock = mockFetch({ 'GET /api/sessions': () => json({ items, total }) });
  const result = renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, {
    route: '/learner/session',
  });
  const lastQuery = () => Object.fromEntries(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams);
  return { ...result, fetchMock, lastQuery };
}

describe('SessionList: upcoming and past, 10 a page', () => {
  it('shows tutor, subject, type, date and time in the viewer’s timezone', async () => {
    const { lastQuery } = renderList();
    const row = await screen.findByTestId('session-row');
    expect(row).toHaveTextContent('Ananya Iyer');
    expect(row).toHaveTextContent('English');
    expect(row).toHaveTextContent('Demo');
    expect(row).toHaveTextContent('Tue, 12 Mar 2030');
    expect(row).toHaveTextContent('10:00 AM – 10:15 AM');
    expect(lastQuery()).toEqual({ page: '1', limit: '10', when: 'upcoming', subject: 'English' });
  });

  it('says when a daylight-saving change moved the weekly slot in the tutor’s clock, and only then', async () => {
    renderList(2, [session(0), session(7, { clockShift: { name: 'Ananya Iyer', minutes: -60, otherLocalTime: '3:30 PM' } })]);
    const rows = await screen.findAllByTestId('session-row');
    expect(within(rows[0]!).queryByTestId('clock-shift-note')).toBeNull();
    expect(within(rows[1]!).getByTestId('clock-shift-note')).toHaveTextContent('Clocks change: this class is at 3:30 PM for Ananya Iyer, 1 hour earlier than the week before.');
  });

  it('switches to Past sessions', async () => {
    const user = userEvent.setup();
    const { lastQuery } = renderList();
    await screen.findByTestId('session-row');
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    expect(lastQuery()).toMatchObject({ when: 'past', page: '1' });
  });

  it('Upcoming and Past are tabs: one Tab stop, arrows and Home/End switch, aria-controls resolve', async () => {
    const user = userEvent.setup();
    const { lastQuery } = renderList();
    const row = await screen.findByTestId('session-row');
    const tabs = within(screen.getByRole('tablist', { name: 'Sessions' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Upcoming', 'Past']);
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls')!);
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
    }
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Upcoming' })).toContainElement(row);

    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0]);
    expect(lastQuery()).toMatchObject({ when: 'past', page: '1' });
    expect(await screen.findByRole('tabpanel', { name: 'Past' })).toContainElement(await screen.findByTestId('session-row'));

    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
    expect(lastQuery()).toMatchObject({ when: 'upcoming', page: '1' });
    expect(screen.getByRole('tabpanel', { name: 'Upcoming' })).toBeVisible();
  });

  it('pages through 10 sessions at a time', async () => {
    const user = userEvent.setup();
    const { lastQuery } = renderList(23, Array.from({ length: 10 }, (_, i) => session(i)));
    await screen.findAllByTestId('session-row');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(lastQuery()).toMatchObject({ page: '2', limit: '10' });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 3');
    // The keyboard reads on from the list: focus goes to the open panel that holds it.
    expect(screen.getByRole('tabpanel', { name: 'Upcoming' })).toHaveFocus();
  });

  it('offers booking when nothing is upcoming', async () => {
    renderList(0, []);
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/learner/book-a-session');
  });
});

describe('UpcomingSessionsPreview (learner home)', () => {
  const renderPreview = (total: number, items: SessionItem[]) => {
    mockFetch({ 'GET /api/sessions': () => json({ items, total }) });
    return renderAt(<UpcomingSessionsPreview ownerId={ownerId} timeZone="Asia/Kolkata" sessionsPath="/learner/session" bookPath="/learner/book-a-session" />, {
      route: '/learner',
    });
  };

  it('shows the next 3 sessions and links to all of them', async () => {
    renderPreview(7, Array.from({ length: 7 }, (_, i) => session(i)));
    const list = await screen.findByRole('list', { name: 'Upcoming sessions' });
    expect(within(list).getAllByTestId('session-row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'See all sessions (7)' })).toHaveAttribute('href', '/learner/session');
    // The home page has no other word on the zone its times are in.
    expect(screen.getByText('Times are in Asia/Kolkata.')).toBeInTheDocument();
  });

  it('offers to book when nothing is coming up', async () => {
    renderPreview(0, []);
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/learner/book-a-session');
    expect(screen.queryByRole('link', { name: /See all sessions/ })).toBeNull();
    expect(screen.queryByText(/Times are in/)).toBeNull();
  });
});

const sessionsCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === '/api/sessions').length;
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path);

describe('Upcoming session: countdown and Join', () => {
  it('Join is off before the window and says when it opens, then opens /meeting?session=<id> from 10 minutes before', async () => {
    // 09:40 in Kolkata; the session is at 10:00.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 4, 10)) });
    renderList();
    const row = await screen.findByTestId('session-row');
    expect(within(row).getByTestId('session-countdown')).toHaveTextContent('Starts in 20 min');
    expect(within(row).getByRole('button', { name: 'Join opens at 9:50 AM' })).toBeDisabled();
    expect(within(row).queryByRole('link', { name: /Join/ })).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    const join = within(row).getByRole('link', { name: 'Join the session with Ananya Iyer' });
    expect(join).toHaveAttribute('href', '/meeting?session=s-0');
    expect(within(row).getByTestId('session-countdown')).toHaveTextContent('Starts in 10 min');
    expect(within(row).queryByRole('button', { name: /Join opens/ })).toBeNull();
  });

  it('says every time on the card the same way: 5:30 AM – 5:45 AM, Join opens at 5:20 AM', async () => {
    // 05:00 in Kolkata; the session is 05:30–05:45.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 11, 23, 30)) });
    renderList(1, [session(0, { startAt: '2030-03-12T00:00:00.000Z', endAt: '2030-03-12T00:15:00.000Z' })]);
    const row = await screen.findByTestId('session-row');
    expect(row).toHaveTextContent('5:30 AM – 5:45 AM');
    expect(within(row).getByRole('button', { name: 'Join opens at 5:20 AM' })).toBeDisabled();
  });

  it('counts down in days and hours when the session is far off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 10, 2, 0)) });
    renderList();
    const row = await screen.findByTestId('session-row');
    expect(within(row).getByTestId('session-countdown')).toHaveTextContent('Starts in 2 days 2 h');
    expect(within(row).getByRole('button', { name: 'Join opens at 9:50 AM' })).toBeDisabled();
  });
});

describe('Cancelling a session', () => {
  function renderCancellable(preview: { refunded: boolean; message: string }, cancel = () => json({ status: 'cancelled', refunded: preview.refunded, message: preview.message })) {
    let cancelled = false;
    // The preview answers when the test says so: the confirmation waits for it.
    let answerPreview = () => {};
    const previewAnswered = new Promise<void>((resolve) => (answerPreview = resolve));
    const fetchMock = mockFetch({
      'GET /api/sessions': () => json(cancelled ? { items: [], total: 0 } : { items: [session(0)], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': async () => {
        await previewAnswered;
        return json(preview);
      },
      'POST /api/sessions/s-0/cancel': () => {
        const response = cancel();
        cancelled = response.ok;
        return response;
      },
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    return { fetchMock, answerPreview };
  }

  it('shows the server’s preview before confirming, sends the reason and refreshes the list', async () => {
    const user = userEvent.setup();
    const { fetchMock, answerPreview } = renderCancellable({ refunded: true, message: 'You will get this session back.' });
    const row = await screen.findByTestId('session-row');
    // Every row has a Cancel and a Reschedule: each is described by the session it acts on.
    expect(within(row).getByRole('button', { name: 'Cancel' })).toHaveAccessibleDescription('English with Ananya Iyer on Tue, 12 Mar 2030 at 10:00 AM.');
    expect(within(row).getByRole('button', { name: 'Reschedule' })).toHaveAccessibleDescription('English with Ananya Iyer on Tue, 12 Mar 2030 at 10:00 AM.');
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    expect(dialog).toHaveTextContent('English with Ananya Iyer on Tue, 12 Mar 2030 at 10:00 AM.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Checking whether you get this session back');
    expect(within(dialog).getByRole('button', { name: 'Cancel session' })).toHaveAttribute('aria-disabled', 'true');
    answerPreview();
    expect(await within(dialog).findByTestId('cancel-preview')).toHaveTextContent('You will get this session back.');
    expect(callsTo(fetchMock, 'POST', '/api/sessions/s-0/cancel')).toHaveLength(0);

    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(reason).toHaveAccessibleDescription('0 / 500 characters');
    await user.type(reason, 'Feeling unwell');
    // How much room is left shows as it fills, so a long paste cut at the limit does not go unnoticed.
    expect(reason).toHaveAccessibleDescription('14 / 500 characters');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = callsTo(fetchMock, 'POST', '/api/sessions/s-0/cancel');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ reason: 'Feeling unwell' });
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
  });

  it('sends one cancel for a double click, and says what the server answered', async () => {
    const { fetchMock, answerPreview } = renderCancellable({ refunded: true, message: 'The session is cancelled. You got it back.' });
    answerPreview();
    fireEvent.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    await within(dialog).findByTestId('cancel-preview');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel session' });
    // Both clicks land before the button renders disabled.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST', '/api/sessions/s-0/cancel')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('The session is cancelled. You got it back.', expect.anything());
  });

  it('asks the preview again at the press: one no longer true (the 12 hours passed while the dialog was open) is shown, and nothing is cancelled until pressed again', async () => {
    const user = userEvent.setup();
    const late = 'It is less than 12 hours to the start, so this session will be spent.';
    let previews = 0;
    const fetchMock = mockFetch({
      'GET /api/sessions': () => json({ items: [session(0)], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': () => json(++previews === 1 ? { refunded: true, message: 'You will get this session back.' } : { refunded: false, message: late }),
      'POST /api/sessions/s-0/cancel': () => json({ status: 'cancelled', refunded: false, message: 'The session is cancelled.' }),
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    expect(await within(dialog).findByTestId('cancel-preview')).toHaveTextContent('You will get this session back.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(await within(dialog).findByTestId('cancel-preview')).toHaveTextContent(late);
    expect(callsTo(fetchMock, 'POST', '/api/sessions/s-0/cancel')).toHaveLength(0);
    // Pressed again, knowing it is spent: cancelled.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/sessions/s-0/cancel')).toHaveLength(1));
  });

  it('says the session will be spent when it is late, and keeps the dialog open with the error when cancelling fails', async () => {
    const user = userEvent.setup();
    const late = 'It is less than 12 hours to the start, so this session will be spent.';
    const { fetchMock, answerPreview } = renderCancellable({ refunded: false, message: late }, () => json({ code: 'SESSION_NOT_CANCELLABLE', message: 'This session has already started.' }, 409));
    answerPreview();
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    expect(await within(dialog).findByTestId('cancel-preview')).toHaveTextContent(late);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This session has already started. The session is still booked.');
    expect(callsTo(fetchMock, 'POST', '/api/sessions/s-0/cancel')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Keep session' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByTestId('session-row')).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});

describe('Cancelling a session whose answer is lost (the connection dropped)', () => {
  function renderLost(previewAfter: () => Response) {
    let previews = 0;
    let cancelled = false;
    mockFetch({
      'GET /api/sessions': () => json(cancelled ? { items: [], total: 0 } : { items: [session(0)], total: 1 }),
      // Asked as the dialog opens and again at the press; after that, the check after the lost answer.
      'GET /api/sessions/s-0/cancel-preview': () => (++previews <= 2 ? json({ refunded: true, message: 'You will get this session back.' }) : previewAfter()),
      'POST /api/sessions/s-0/cancel': () => {
        cancelled = true;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
  }

  async function cancelIt() {
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    await within(dialog).findByTestId('cancel-preview');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    return dialog;
  }

  it('asks after the session: cancelled after all, it says so, closes and refreshes the list', async () => {
    renderLost(() => json({ code: 'CONFLICT', message: 'This session is already cancelled.' }, 409));
    await cancelIt();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith('This session is already cancelled.', expect.anything());
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
  });

  it('says the session is still booked only once the server says so', async () => {
    renderLost(() => json({ refunded: true, message: 'You will get this session back.' }));
    const dialog = await cancelIt();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Parley could not be reached. Check your connection and try again. The session is still booked.');
  });

  it('says it could not tell when the check fails too', async () => {
    renderLost(() => Promise.reject(new TypeError('Failed to fetch')) as never);
    const dialog = await cancelIt();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Parley could not check whether the session was cancelled: look at your sessions before trying again.');
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('still booked');
  });
});

describe('Rescheduling a session', () => {
  const slotAt = (hour: number) => {
    const startAt = new Date(Date.UTC(2030, 2, 12, hour - 5, 30));
    const endAt = new Date(startAt.getTime() + 15 * 60_000);
    const hh = String(hour % 12 === 0 ? 12 : hour % 12);
    return { startAt: startAt.toISOString(), endAt: endAt.toISOString(), start: `${hour}:00`, end: `${hour}:15`, timeView: `${hh}:00 ${hour < 12 ? 'AM' : 'PM'} - ${hh}:15 ${hour < 12 ? 'AM' : 'PM'}` };
  };
  const schedule = (slots: ScheduleResponse['slots']): ScheduleResponse => ({
    teacher: {
      _id: 't-1',
      name: 'Ananya Iyer',
      image: '/a.svg',
      rating: 4.9,
      ratingCount: 10,
      tags: [],
      description: '',
      subjects: ['English'],
      timezone: 'Asia/Kolkata',
      isBlocked: false,
      isSalesPerson: false,
      isFavourite: false,
      mentorScore: 80,
    },
    ratingCount: 10,
    isBlocked: false,
    isTeacherAvailableToday: true,
    bookedTimings: [],
    timeslot: [],
    slots,
    durationMin: 15,
    nextFreeDate: null,
  });

  function renderReschedulable(answer: () => Response, preview = { refunded: true, message: 'You will get this session back.' }) {
    const fetchMock = mockFetch({
      'GET /api/sessions': () => json({ items: [session(0)], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': () => json(preview),
      'GET /api/teachers/t-1/schedule': () => json(schedule([slotAt(15), slotAt(16), slotAt(20)])),
      'POST /api/sessions/s-0/reschedule': answer,
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    return fetchMock;
  }

  it('offers the same tutor’s free slots and moves the session to the one picked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 2, 0)) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = renderReschedulable(() =>
      json({ _id: 's-new', rescheduledFromId: 's-0', startAt: slotAt(16).startAt, endAt: slotAt(16).endAt, type: 'Regular', refunded: true, message: 'Your session is moved.' }),
    );
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule session' });
    expect(within(dialog).getByRole('button', { name: 'Move session' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2030-03-12');
    // The first two days say which they are, so a time a few minutes after midnight reads as tomorrow's.
    expect(within(within(dialog).getByLabelText('Date')).getAllByRole('option').slice(0, 3).map((o) => o.textContent)).toEqual(['Today, 12 Mar', 'Tomorrow, 13 Mar', 'Thu, 14 Mar']);
    const schedules = callsTo(fetchMock, 'GET', '/api/teachers/t-1/schedule');
    expect(Object.fromEntries(new URL(String(schedules[0]![0]), 'http://localhost').searchParams)).toEqual({
      date: '2030-03-12',
      timezone: 'Asia/Kolkata',
      subject: 'English',
      forKids: 'false',
    });
    // 8:00 PM is 12 h 30 min away (7:30 AM in Kolkata now): no warning; 4:00 PM is 8 h 30 min away.
    await user.click(await within(dialog).findByRole('radio', { name: '8:00 PM - 8:15 PM' }));
    expect(within(dialog).queryByTestId('reschedule-late-window')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: '4:00 PM - 4:15 PM' }));
    expect(within(dialog).getByTestId('reschedule-late-window')).toHaveTextContent(
      'The new time is less than 12 hours away: once the session is moved there, cancelling it spends the session.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = callsTo(fetchMock, 'POST', '/api/sessions/s-0/reschedule');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ startTime: slotAt(16).startAt, endTime: slotAt(16).endAt, timezone: 'Asia/Kolkata' });
  });

  it('on a date without free times offers the next date that has some, and takes the date field there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 2, 0)) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockFetch({
      'GET /api/sessions': () => json({ items: [session(0)], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': () => json({ refunded: true, message: 'You will get this session back.' }),
      'GET /api/teachers/t-1/schedule': (url) =>
        json(url.searchParams.get('date') === '2030-03-14' ? schedule([slotAt(15)]) : { ...schedule([]), isTeacherAvailableToday: false, nextFreeDate: '2030-03-14' }),
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule session' });
    expect(await within(dialog).findByText('Slots not available')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next free time: Thursday 14 March' }));
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2030-03-14');
    expect(within(dialog).getByLabelText('Date')).toHaveFocus();
    expect(await within(dialog).findByRole('radio', { name: '3:00 PM - 3:15 PM' })).toBeInTheDocument();
  });

  it('follows the tutor’s schedule while open: a time someone else takes meanwhile leaves the list, and Move is off again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 2, 0)) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let slots = [slotAt(15), slotAt(16), slotAt(20)];
    mockFetch({
      'GET /api/sessions': () => json({ items: [session(0)], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': () => json({ refunded: true, message: 'You will get this session back.' }),
      'GET /api/teachers/t-1/schedule': () => json(schedule(slots)),
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule session' });
    await user.click(await within(dialog).findByRole('radio', { name: '4:00 PM - 4:15 PM' }));
    expect(within(dialog).getByRole('button', { name: 'Move session' })).not.toHaveAttribute('aria-disabled');
    expect(lastFakeSocket('learner').emitted).toContainEqual({ event: 'schedule:watch', payload: { tutorId: 't-1' } });

    slots = [slotAt(15), slotAt(20)];
    act(() => lastFakeSocket('learner').serverEmit('schedule_changed', { tutorId: 't-1' }));
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: '4:00 PM - 4:15 PM' })).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Move session' })).toHaveAttribute('aria-disabled', 'true');
    // Said, rather than the pick just vanishing; another pick takes the note away.
    expect(within(dialog).getByText(messages.pickedTimeGone).closest('[aria-live="assertive"]')).not.toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: '8:00 PM - 8:15 PM' }));
    expect(within(dialog).queryByText(messages.pickedTimeGone)).toBeNull();
  });

  it('closes, saying so, when the session itself went meanwhile (cancelled in another window), and refreshes the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 2, 0)) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let gone = false;
    mockFetch({
      'GET /api/sessions': () => json(gone ? { items: [], total: 0 } : { items: [session(0)], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': () => json({ refunded: true, message: 'You will get this session back.' }),
      'GET /api/teachers/t-1/schedule': () => json(schedule([slotAt(15), slotAt(20)])),
      'POST /api/sessions/s-0/reschedule': () => ((gone = true), json({ code: 'CONFLICT', message: 'This session is already cancelled.' }, 409)),
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule session' });
    await user.click(await within(dialog).findByRole('radio', { name: '8:00 PM - 8:15 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith('This session is already cancelled.', expect.anything());
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
  });

  /** The list with one session; `dropped` takes it off the page, and `still` says whether the server still has it booked. */
  function renderDroppable(still: boolean) {
    let dropped = false;
    mockFetch({
      'GET /api/sessions': () => json(dropped ? { items: [], total: still ? 1 : 0 } : { items: [session(0)], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': () =>
        dropped && !still ? json({ code: 'CONFLICT', message: 'This session is already cancelled.' }, 409) : json({ refunded: true, message: 'You will get this session back.' }),
      'GET /api/teachers/t-1/schedule': () => json(schedule([slotAt(20)])),
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    return () => {
      dropped = true;
      act(() => lastFakeSocket('learner').serverEmit('sessions_changed', { sessionId: 's-0' }));
    };
  }

  it.each([
    ['Reschedule', 'Reschedule session'],
    ['Cancel', 'Cancel this session?'],
  ])('an open %s dialog closes with the server’s reason when its session is cancelled elsewhere, and the focus comes back to the list', async (button, title) => {
    const user = userEvent.setup();
    const drop = renderDroppable(false);
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: button }));
    expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();

    // The tutor cancelled it: the list drops the row, and the dialog does not just vanish.
    drop();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith('This session is already cancelled.', expect.anything());
    // The dialog's refused preview and the list's reload come back in either order.
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tabpanel')).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).not.toBe(document.body);
  });

  it('a dialog whose session only left this page (it is still booked) stays open', async () => {
    const user = userEvent.setup();
    vi.mocked(toast).mockClear();
    const drop = renderDroppable(true);
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Cancel' }));
    drop();
    await waitFor(() => expect(screen.queryByTestId('session-row')).toBeNull());
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    expect(await within(dialog).findByTestId('cancel-preview')).toHaveTextContent('You will get this session back.');
    expect(toast).not.toHaveBeenCalledWith('This session is already cancelled.', expect.anything());
  });

  it('marks the times the learner has another session at, and not the time of the session being moved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 2, 0)) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // 3:00–3:25 PM in Kolkata with another tutor.
    const other = session(9, { _id: 's-other', startAt: slotAt(15).startAt, endAt: new Date(Date.parse(slotAt(15).startAt) + 25 * 60_000).toISOString(), teacher: { _id: 't-2', name: 'Rahul Verma', image: '/r.svg' } });
    mockFetch({
      'GET /api/sessions': () => json({ items: [session(0), other], total: 2 }),
      'GET /api/sessions/s-0/cancel-preview': () => json({ refunded: true, message: 'You will get this session back.' }),
      'GET /api/teachers/t-1/schedule': () => json(schedule([slotAt(10), slotAt(15), slotAt(16)])),
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    const rows = await screen.findAllByTestId('session-row');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule session' });
    expect(await within(dialog).findByRole('radio', { name: '3:00 PM - 3:15 PM You have a session then' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: '10:00 AM - 10:15 AM' })).toBeEnabled();
    await user.click(within(dialog).getByRole('radio', { name: '4:00 PM - 4:15 PM' }));
    expect(within(dialog).getByRole('button', { name: 'Move session' })).not.toHaveAttribute('aria-disabled');
  });

  it('warns when moving spends the session, and says the old booking stands when the move fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 2, 0)) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const late = 'It is less than 12 hours to the start, so this session will be spent.';
    renderReschedulable(() => json({ code: 'SLOT_TAKEN', message: 'Sorry! Cant book the session.' }, 409), { refunded: false, message: late });
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule session' });
    expect(await within(dialog).findByTestId('reschedule-preview')).toHaveTextContent(`Moving it counts as cancelling. ${late}`);
    await user.click(await within(dialog).findByRole('radio', { name: '3:00 PM - 3:15 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move session' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sorry! Cant book the session. Your session on Tue, 12 Mar 2030 at 10:00 AM is still booked.');
    // The time is taken, so none is picked: the button waits for one and keeps the focus meanwhile.
    const move = within(dialog).getByRole('button', { name: 'Move session' });
    expect(move).toHaveAttribute('aria-disabled', 'true');
    expect(move).not.toHaveAttribute('disabled');
    expect(document.activeElement).toBe(move);
  });

  it('a demo is cancelled and moved as a demo: the dialogs and the warning before a late time say so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 2, 0)) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockFetch({
      // A day ahead: moving it is free, and keeps it a demo.
      'GET /api/sessions': () =>
        json({ items: [session(0, { type: 'Demo', startAt: new Date(Date.UTC(2030, 2, 13, 4, 30)).toISOString(), endAt: new Date(Date.UTC(2030, 2, 13, 4, 45)).toISOString() })], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': () => json({ refunded: true, message: 'You can book your demo again.' }),
      'GET /api/teachers/t-1/schedule': () => json(schedule([slotAt(16)])),
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    const row = await screen.findByTestId('session-row');
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const cancelling = screen.getByRole('dialog', { name: 'Cancel this demo session?' });
    expect(await within(cancelling).findByTestId('cancel-preview')).toHaveTextContent('You can book your demo again.');
    await user.click(within(cancelling).getByRole('button', { name: 'Keep session' }));

    await user.click(within(row).getByRole('button', { name: 'Reschedule' }));
    const moving = screen.getByRole('dialog', { name: 'Reschedule demo session' });
    await user.click(await within(moving).findByRole('radio', { name: '4:00 PM - 4:15 PM' }));
    expect(within(moving).getByTestId('reschedule-late-window')).toHaveTextContent(
      'The new time is less than 12 hours away: once the demo is moved there, cancelling it spends the demo.',
    );
  });

  it('moving a demo late says the demo is spent and the new time takes one of the learner’s sessions', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/sessions': () => json({ items: [session(0, { type: 'Demo' })], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': () => json({ refunded: false, message: 'It is less than 12 hours to the start, so this demo will be spent.' }),
      'GET /api/teachers/t-1/schedule': () => json(schedule([slotAt(16)])),
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Reschedule' }));
    const moving = screen.getByRole('dialog', { name: 'Reschedule demo session' });
    expect(await within(moving).findByTestId('reschedule-preview')).toHaveTextContent(
      'Moving it counts as cancelling. It is less than 12 hours to the start, so this demo will be spent. The new time takes a session.',
    );
  });

  it('a move whose answer was lost but which was made closes the dialog as a move; one that was not made says only the error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 2, 12, 2, 0)) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let made = false;
    let madeThisTime = true;
    mockFetch({
      'GET /api/sessions': () => json({ items: [made ? session(0, { _id: 's-new', startAt: slotAt(16).startAt, endAt: slotAt(16).endAt }) : session(0)], total: 1 }),
      'GET /api/sessions/s-0/cancel-preview': () => json({ refunded: true, message: 'You will get this session back.' }),
      'GET /api/teachers/t-1/schedule': () => json(schedule([slotAt(15), slotAt(16)])),
      'POST /api/sessions/s-0/reschedule': () => {
        made = madeThisTime;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, { route: '/learner/session' });

    // Not made: the error, and no claim either way about the old booking.
    madeThisTime = false;
    await user.click(within(await screen.findByTestId('session-row')).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule session' });
    await user.click(await within(dialog).findByRole('radio', { name: '4:00 PM - 4:15 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move session' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Error: Parley could not be reached\. Check your connection and try again\.$/);

    // Made: the dialog closes as after a move.
    madeThisTime = true;
    await user.click(await within(dialog).findByRole('radio', { name: '4:00 PM - 4:15 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(vi.mocked(toast.success)).toHaveBeenCalledWith('Your session is moved.', expect.anything());
  });
});

describe('Past sessions: what each came to', () => {
  it('shows the state and the minutes attended', async () => {
    const user = userEvent.setup();
    const past = [
      session(0, { outcome: 'Completed', learnerMinutes: 14, tutorMinutes: 15 }),
      session(1, { outcome: 'LearnerNoShow', learnerMinutes: 0, tutorMinutes: 15 }),
      session(2, { outcome: 'TutorNoShow', learnerMinutes: 15, tutorMinutes: 2, refunded: true }),
      session(6, { outcome: 'TutorNoShow', learnerMinutes: 15, tutorMinutes: 0, refunded: true }),
      session(7, { outcome: 'LearnerNoShow', learnerMinutes: 5, tutorMinutes: 15 }),
      // Neither came: the rule makes it the tutor's no-show, and the learner gets it back.
      session(10, { outcome: 'TutorNoShow', learnerMinutes: 0, tutorMinutes: 0, refunded: true }),
      // Cancelled at 2:00 PM in Kolkata (08:30 UTC).
      session(3, { status: 'cancelled', cancelledBy: 'learner', refunded: true, cancelledAt: new Date(Date.UTC(2026, 10, 30, 8, 30)).toISOString() }),
      session(4, { status: 'cancelled', cancelledBy: 'learner', refunded: false }),
      session(5, { status: 'cancelled', cancelledBy: 'tutor', refunded: true, cancelReason: 'Sorry, I am unwell' }),
      // A demo given back can be booked again; one cancelled late is spent.
      session(8, { type: 'Demo', status: 'cancelled', cancelledBy: 'learner', refunded: true }),
      session(9, { type: 'Demo', status: 'cancelled', cancelledBy: 'learner', refunded: false }),
    ];
    mockFetch({ 'GET /api/sessions': (url) => json(url.searchParams.get('when') === 'past' ? { items: past, total: past.length } : { items: [], total: 0 }) });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath={null} />, { route: '/learner/session?when=past' });
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    const outcomes = (await screen.findAllByTestId('session-outcome')).map((o) => o.textContent);
    expect(outcomes).toEqual([
      'CompletedYou: 14 min · Tutor: 15 min',
      'You missed itYou: 0 min · Tutor: 15 min',
      // There for 2 minutes of 15 is not "didn't attend".
      'Tutor was in less than half the class — session returnedYou: 15 min · Tutor: 2 min',
      "Tutor didn't attend — session returnedYou: 15 min · Tutor: 0 min",
      'You were in less than half the classYou: 5 min · Tutor: 15 min',
      'Neither of you attended — session returnedYou: 0 min · Tutor: 0 min',
      'Cancelled by you — session returnedon Mon 30 Nov, 2:00 PM',
      'Cancelled by you — session spent',
      'Cancelled by the tutor — session returnedReason: Sorry, I am unwell',
      'Cancelled by you — demo returned',
      'Cancelled by you — demo spent',
    ]);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  /** The learner's Past list with one session of theirs moved to `movedToAt`. */
  async function pastMoved(startAt: Date, movedToAt: Date, refunded: boolean) {
    const user = userEvent.setup();
    const movedTo = { _id: 's-new', startAt: movedToAt.toISOString() };
    const past = [session(0, { startAt: startAt.toISOString(), status: 'cancelled', cancelledBy: 'learner', refunded, movedTo })];
    mockFetch({ 'GET /api/sessions': (url) => json(url.searchParams.get('when') === 'past' ? { items: past, total: past.length } : { items: [], total: 0 }) });
    renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath={null} />, { route: '/learner/session?when=past' });
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    return screen.findByTestId('session-outcome');
  }

  it('shows a rescheduled session as moved, to when on the viewer’s clock, not as cancelled by them', async () => {
    // 3:00 PM in Kolkata, moved to 4:00 PM the same day (10:30 UTC).
    expect(await pastMoved(new Date(Date.UTC(2026, 10, 30, 9, 30)), new Date(Date.UTC(2026, 10, 30, 10, 30)), true)).toHaveTextContent(/^Moved to Mon 30 Nov, 4:00 PM$/);
  });

  it('says a session moved less than 12 hours ahead was spent (the new one used another)', async () => {
    expect(await pastMoved(new Date(Date.UTC(2026, 11, 5, 4, 30)), new Date(Date.UTC(2026, 11, 8, 9, 30)), false)).toHaveTextContent(/^Moved to Tue 8 Dec, 3:00 PM — session spent$/);
  });
});

describe('Live refresh', () => {
  it('sessions_changed on the socket reloads the dashboard’s upcoming sessions', async () => {
    let items: SessionItem[] = [];
    const fetchMock = mockFetch({ 'GET /api/sessions': () => json({ items, total: items.length }) });
    renderAt(<UpcomingSessionsPreview ownerId={ownerId} timeZone="Asia/Kolkata" sessionsPath="/learner/session" bookPath="/learner/book-a-session" />, { route: '/learner' });
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
    expect(sessionsCalls(fetchMock)).toBe(1);

    // A tutor booked a chat request: the server tells this learner's sockets.
    items = [session(0)];
    act(() => lastFakeSocket('learner').serverEmit('sessions_changed', { sessionId: 's-0' }));
    expect(await screen.findByTestId('session-row')).toHaveTextContent('Ananya Iyer');
    expect(sessionsCalls(fetchMock)).toBe(2);
  });
});
