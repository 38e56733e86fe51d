import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Route, useNavigate } from 'react-router';
import userEvent from '@testing-library/user-event';
import type { SessionItem } from '@parley/domain/booking';
import type { UserRecord } from '@parley/domain/user';
import { setItem } from '../../../shared/lib/storage';
import { notify } from '../../../shared/lib/toast';
import { ieltsSubscription, userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import type { PickedSlot } from '../lib/booker';
import { BookSessionButton } from './book-session-button';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

const teacherId = '0b8f3c1e-6a2d-4c71-9e35-2f4d6a8b1c90';
const choice: PickedSlot = {
  teacher: { _id: teacherId, name: 'Ananya Iyer', image: '/api/assets/avatar/a.svg' },
  date: '2030-03-12',
  slot: { startAt: '2030-03-12T04:30:00.000Z', endAt: '2030-03-12T04:45:00.000Z', start: '10:00', end: '10:15', timeView: '10:00 AM - 10:15 AM' },
  durationMin: 15,
};

const englishSubscription = (): NonNullable<UserRecord['activeSubscription']> => ({
  ...ieltsSubscription(),
  subjects: ['English'],
  plan: { _id: 'plan-2', name: 'English Quick', classDuration: '15min' },
});

const bookingAnswer = (type: 'Demo' | 'Regular') => ({
  _id: 'session-1',
  startTime: '10:00',
  endTime: '10:15',
  sessionDate: choice.date,
  startAt: choice.slot.startAt,
  type,
  teacher: choice.teacher,
});

function renderButton(
  user: UserRecord,
  {
    subject = 'English' as const,
    forKids = false,
    book = (): Response | Promise<Response> => json(bookingAnswer('Regular'), 201),
    pick = choice as PickedSlot | null,
    me = (): UserRecord => user,
    upcoming = (): SessionItem[] => [],
  } = {},
) {
  setItem('USER', user);
  const onScheduleChange = vi.fn();
  const fetchMock = mockFetch({
    'GET /api/auth/me': () => json({ user: me() }),
    'POST /api/sessions': () => book(),
    'GET /api/sessions': () => json({ items: upcoming(), total: upcoming().length }),
  });
  const result = renderAt(
    <BookSessionButton choice={pick} subject={subject} forKids={forKids} timeZone="Asia/Kolkata" onScheduleChange={onScheduleChange} />,
    { route: '/learner/teachers' },
  );
  return { ...result, fetchMock, onScheduleChange };
}

const postedBody = (fetchMock: ReturnType<typeof mockFetch>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(call?.[1]?.body));
};

afterEach(() => vi.useRealTimers());

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

describe('BookSessionButton: the booking flow and who may book', () => {
  it('is disabled until a slot is picked', () => {
    renderButton(userRecord({ activeSubscription: englishSubscription() }), { pick: null });
    expect(screen.getByRole('button', { name: 'Book a session' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Book a session' })).toHaveAccessibleDescription('Pick a free time first.');
  });

  it("shows 'Not subscribed!' with Subscribe Now and Book a Demo to a learner without a plan or a demo", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderButton(userRecord());
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    const dialog = screen.getByRole('dialog', { name: 'Not subscribed!' });
    expect(dialog).toHaveTextContent("You won't be able to book a slot unless you are a subscriber (or have taken a demo).");
    expect(within(dialog).getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/learner/subscription-plans');
    expect(within(dialog).getByRole('link', { name: 'Book a Demo' })).toHaveAttribute('href', '/book-demo');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('tells a subscriber whose plan has no session left so, and books nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderButton(userRecord({ activeSubscription: { ...englishSubscription(), availableSession: 0, availableWeeklySession: 0, backlogSession: 0 } }));
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    expect(notify.error).toHaveBeenCalledWith('You have used every session of your plan. Buy a plan to book more.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("sends IELTS learners without a plan or an IELTS demo to the IELTS plans, with a 'Not subscribed' toast", async () => {
    const user = userEvent.setup();
    renderButton(userRecord({ isDemoPayed: true, activeSubscription: englishSubscription() }), { subject: 'IELTS' as never });
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    expect(notify.error).toHaveBeenCalledWith('Not subscribed');
    expect(within(screen.getByRole('dialog', { name: 'Not subscribed!' })).getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/ielts/subscription-plans',
    );
    // The demo offered is the IELTS trial, not the Spoken English one.
    expect(within(screen.getByRole('dialog', { name: 'Not subscribed!' })).getByRole('link', { name: 'Book a Demo' })).toHaveAttribute('href', '/book-demo?subject=IELTS');
  });

  it('lets a learner whose newest plan is IELTS book English from their English plan', async () => {
    const user = userEvent.setup();
    const ielts = ieltsSubscription();
    renderButton(userRecord({ activeSubscription: ielts, activeSubscriptions: [ielts, englishSubscription()] }));
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    expect(screen.getByRole('dialog', { name: 'Confirm your session' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Not subscribed!' })).toBeNull();
  });

  it('confirms, books the slot, toasts Slot Booked with date and time, and goes to /learner', async () => {
    const user = userEvent.setup();
    const learner = userRecord({ activeSubscription: englishSubscription() });
    const { fetchMock, onScheduleChange } = renderButton(learner);
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your session' });
    expect(dialog).toHaveTextContent('Ananya Iyer');
    expect(dialog).toHaveTextContent('Tuesday, 12 March 2030');
    expect(dialog).toHaveTextContent('10:00 AM - 10:15 AM');
    // What it spends: the plan's 4 sessions and 1 carried over.
    expect(dialog).toHaveTextContent('This uses 1 of your 5 sessions.');
    expect(dialog).not.toHaveTextContent(/less than 12 hours/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));

    // Exact match: '/learner/teachers' contains '/learner', so a substring wait would not wait.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/learner'));
    expect(notify.success).toHaveBeenCalledWith('Slot Booked: Tue, 12 Mar 2030, 10:00 AM - 10:15 AM');
    expect(onScheduleChange).toHaveBeenCalled();
    expect(postedBody(fetchMock)).toEqual({
      startTime: '10:00',
      endTime: '10:15',
      startAt: choice.slot.startAt,
      date: '2030-03-12',
      duration: 15,
      subject: 'English',
      type: 'Regular',
      learnerId: learner._id,
      teacherId,
      token: null,
      timezone: 'Asia/Kolkata',
      forKids: false,
    });
  });

  it('says, before a time under 12 hours away is booked, that cancelling it will spend the session', async () => {
    // 4 h 30 min before the slot's start.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2030-03-12T00:00:00.000Z') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderButton(userRecord({ activeSubscription: englishSubscription() }));
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    expect(screen.getByRole('dialog', { name: 'Confirm your session' })).toHaveTextContent('This time is less than 12 hours away: once it is booked, cancelling it spends the session.');
  });

  it('still says Slot Booked when the panel around the button closed while the booking ran', async () => {
    const user = userEvent.setup();
    let answer!: (r: Response) => void;
    const { unmount } = renderButton(userRecord({ activeSubscription: englishSubscription() }), {
      book: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm your session' })).getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    // A double click's second click lands on the tutor panel's backdrop, which closes the panel.
    unmount();
    answer(json(bookingAnswer('Regular'), 201));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Slot Booked: Tue, 12 Mar 2030, 10:00 AM - 10:15 AM'));
  });

  it('leaves a learner who went elsewhere while the booking ran where they are, and still says Slot Booked', async () => {
    const user = userEvent.setup();
    let answer!: (r: Response) => void;
    let go: (to: string) => void = () => {};
    function Page() {
      const navigate = useNavigate();
      go = (to) => void navigate(to);
      return <BookSessionButton choice={choice} subject="English" forKids={false} timeZone="Asia/Kolkata" onScheduleChange={() => {}} />;
    }
    setItem('USER', userRecord({ activeSubscription: englishSubscription() }));
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ activeSubscription: englishSubscription() }) }),
      'GET /api/sessions': () => json({ items: [], total: 0 }),
      'POST /api/sessions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderAt(<Page />, { route: '/learner/teachers', path: '/learner/teachers', extra: <Route path="/elsewhere" element={<h1>elsewhere</h1>} /> });
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm your session' })).getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    act(() => go('/elsewhere'));
    answer(json(bookingAnswer('Regular'), 201));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Slot Booked: Tue, 12 Mar 2030, 10:00 AM - 10:15 AM'));
    expect(screen.getByTestId('location').textContent).toBe('/elsewhere');
  });

  it("books a Demo for a paid, unused demo: the button reads 'Booking...' while the call runs", async () => {
    const user = userEvent.setup();
    let answer!: (r: Response) => void;
    const learner = userRecord({ isDemoPayed: true });
    let booked = false;
    const { fetchMock } = renderButton(learner, {
      book: () => new Promise<Response>((resolve) => (answer = resolve)),
      me: () => (booked ? { ...learner, demoSessionBooked: [{ subjects: ['English'] }] } : learner),
    });
    await user.click(screen.getByRole('button', { name: 'Book a demo session' }));
    expect(screen.getByRole('dialog', { name: 'Confirm your session' })).toHaveTextContent('This uses your paid demo.');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    expect(await screen.findByRole('button', { name: 'Booking...' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Booking your session…')).toBeInTheDocument();
    expect(postedBody(fetchMock).type).toBe('Demo');

    const meCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/me')).length;
    const before = meCalls();
    booked = true;
    answer(json(bookingAnswer('Demo'), 201));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/learner'));
    // The subject joins demoSessionBooked (locally at once), and the record is asked for again.
    expect(JSON.parse(window.localStorage.getItem('USER')!).demoSessionBooked).toEqual([{ subjects: ['English'] }]);
    await waitFor(() => expect(meCalls()).toBeGreaterThan(before));
  });

  it('books Regular once the demo for the subject is booked', async () => {
    renderButton(userRecord({ isDemoPayed: true, demoSessionBooked: [{ subjects: ['English'] }], activeSubscription: englishSubscription() }));
    expect(screen.getByRole('button', { name: 'Book a session' })).toHaveAttribute('aria-disabled', 'false');
  });

  it("on failure toasts 'Sorry! Cant book the session.' with the server's reason and stays on the panel", async () => {
    const user = userEvent.setup();
    const { onScheduleChange } = renderButton(userRecord({ activeSubscription: englishSubscription() }), {
      book: () => json({ code: 'SLOT_TAKEN', message: 'This slot was just booked. Please pick another one.' }, 409),
    });
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Sorry! Cant book the session. This slot was just booked. Please pick another one.'));
    expect(onScheduleChange).toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/learner/teachers');
    expect(screen.queryByText('Booking your session…')).not.toBeInTheDocument();
  });

  it('a booking whose answer was lost (the connection dropped) but which was stored is a booking made: Slot Booked', async () => {
    const user = userEvent.setup();
    const learner = userRecord({ activeSubscription: englishSubscription() });
    const stored: SessionItem = {
      _id: 'session-1',
      subject: 'English',
      type: 'Regular',
      status: 'booked',
      startAt: choice.slot.startAt,
      endAt: choice.slot.endAt,
      forKids: false,
      teacher: choice.teacher,
      learner: { _id: learner._id, name: learner.name },
    };
    renderButton(learner, { book: () => Promise.reject(new TypeError('Failed to fetch')), upcoming: () => [stored] });
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/learner'));
    expect(notify.success).toHaveBeenCalledWith('Slot Booked: Tue, 12 Mar 2030, 10:00 AM - 10:15 AM');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('a booking that could not reach the server, and was not stored, says so and stays on the panel', async () => {
    const user = userEvent.setup();
    renderButton(userRecord({ activeSubscription: englishSubscription() }), { book: () => Promise.reject(new TypeError('Failed to fetch')) });
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Sorry! Cant book the session. Error: Parley could not be reached. Check your connection and try again.'),
    );
    expect(screen.getByTestId('location').textContent).toBe('/learner/teachers');
  });

  it('never drops focus: it returns to Book from the confirmation and stays there through a failed booking', async () => {
    const user = userEvent.setup();
    renderButton(userRecord({ activeSubscription: englishSubscription() }), {
      book: () => json({ code: 'SLOT_TAKEN', message: 'This slot was just booked. Please pick another one.' }, 409),
    });
    const book = screen.getByRole('button', { name: 'Book a session' });
    await user.click(book);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(book).toHaveFocus();
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Book a session' })).toHaveFocus();
  });

  it('closes the confirmation when its time goes from the live schedule, and a new pick does not reopen it', async () => {
    const user = userEvent.setup();
    let setPick: (pick: PickedSlot | null) => void = () => {};
    function LiveSchedule() {
      const [pick, set] = useState<PickedSlot | null>(choice);
      setPick = set;
      return <BookSessionButton choice={pick} subject="English" forKids={false} timeZone="Asia/Kolkata" onScheduleChange={() => {}} />;
    }
    setItem('USER', userRecord({ activeSubscription: englishSubscription() }));
    mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ activeSubscription: englishSubscription() }) }), 'GET /api/sessions': () => json({ items: [], total: 0 }) });
    renderAt(<LiveSchedule />, { route: '/learner/teachers' });
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeInTheDocument();
    act(() => setPick(null));
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
    act(() => setPick({ ...choice, slot: { ...choice.slot, startAt: '2030-03-12T04:45:00.000Z', endAt: '2030-03-12T05:00:00.000Z', start: '10:15', end: '10:30', timeView: '10:15 AM - 10:30 AM' } }));
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
  });

  it('does nothing when pressed while no slot is picked', async () => {
    const user = userEvent.setup();
    renderButton(userRecord({ activeSubscription: englishSubscription() }), { pick: null });
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('routes a NOT_SUBSCRIBED refusal to the subscribe page', async () => {
    const user = userEvent.setup();
    renderButton(userRecord({ activeSubscription: englishSubscription() }), {
      book: () => json({ code: 'NOT_SUBSCRIBED', message: "You won't be able to book a slot unless you are a subscriber" }, 403),
    });
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/learner/subscription-plans'));
  });

  it('prompts a kid with no sessions and no paid demo to buy sessions', async () => {
    const user = userEvent.setup();
    const kid = userRecord({ _id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', role: 'kid', name: 'Aarav Rao' });
    setItem('KID', kid);
    mockFetch({
      'GET /api/auth/me': () => json({ user: kid }),
      [`GET /api/kids/${kid._id}/subjects`]: () => json({ subjects: [{ subject: 'English', sessionsAvailable: 0 }] }),
    });
    renderAt(<BookSessionButton choice={choice} subject="English" forKids timeZone="Asia/Kolkata" onScheduleChange={() => {}} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book a session' })).toHaveAttribute('aria-disabled', 'false'));
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    const dialog = screen.getByRole('dialog', { name: 'No sessions left' });
    expect(dialog).toHaveTextContent('Please buy a session to book a class.');
    expect(within(dialog).getByRole('link', { name: 'Buy sessions' })).toHaveAttribute('href', '/kids/english/buy-sessions');
  });
});
