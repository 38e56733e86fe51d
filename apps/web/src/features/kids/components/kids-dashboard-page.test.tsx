import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { UserRecord } from '@parley/domain/user';
import { setItem } from '../../../shared/lib/storage';
import { lastFakeSocket } from '../../../test/fake-socket';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setActiveKid } from '../lib/active-kid';
import { KidSwitcher } from './kid-switcher';
import type { RescheduleClass } from './kid-upcoming-sessions';
import { KidsDashboardPage } from './kids-dashboard-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const aarav = userRecord({ _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000001', name: 'Aarav Rao', role: 'kid', avatar: 'lion', timezone: 'Asia/Kolkata' });
const diya = userRecord({ _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000002', name: 'Diya Rao', role: 'kid', avatar: 'owl', timezone: 'Asia/Kolkata' });

const session = {
  _id: 's-1',
  subject: 'English',
  type: 'Regular',
  status: 'Booked',
  startAt: '2030-05-13T11:00:00.000Z',
  endAt: '2030-05-13T11:25:00.000Z',
  forKids: true,
  teacher: { _id: 't-1', name: 'Ananya Iyer', image: '/api/assets/avatar/t-1.svg' },
  learner: { _id: aarav._id, name: 'Aarav Rao' },
};

/** The server as seen by one browser: the kid cookie answers for whichever kid was opened last. */
function api(
  kids: Record<string, { record: UserRecord; balances: { subject: string; sessionsAvailable: number }[]; sessions: unknown[] }>,
  activeId: () => string,
  videos: () => Response = () => json({ items: [] }),
) {
  const handlers: Parameters<typeof mockFetch>[0] = {
    'GET /api/auth/me': () => json({ user: kids[activeId()]!.record }),
    'GET /api/sessions': () => json({ items: kids[activeId()]!.sessions, total: kids[activeId()]!.sessions.length }),
    'GET /api/library/getVideos': videos,
  };
  for (const [id, kid] of Object.entries(kids)) handlers[`GET /api/kids/${id}/subjects`] = () => json({ subjects: kid.balances });
  return mockFetch(handlers);
}

function openAs(kid: UserRecord) {
  setItem('TOKEN', 'parent');
  setItem('KID_TOKEN', `kid-${kid.name}`);
  setItem('KID', kid);
}

const card = (name: string) => screen.getByRole('article', { name });

describe('/kids/dashboard', () => {
  it('shows sessions available per subject, Book a class where there are some and Buy sessions where there are none', async () => {
    openAs(aarav);
    api({ [aarav._id]: { record: aarav, balances: [{ subject: 'English', sessionsAvailable: 3 }], sessions: [session] } }, () => aarav._id);
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    expect(screen.getByRole('heading', { name: 'Hi Aarav Rao!' })).toBeInTheDocument();
    await waitFor(() => expect(within(card('English')).getByTestId('sessions-available-english')).toHaveTextContent('3'));
    expect(within(card('English')).getByRole('link', { name: 'Book a class: English' })).toHaveAttribute('href', '/kids/book-a-session?subject=english');
    expect(within(card('English')).queryByRole('link', { name: /Buy sessions/ })).not.toBeInTheDocument();
    expect(within(card('Financial Education')).getByTestId('sessions-available-financial-education')).toHaveTextContent('0');
    expect(within(card('Financial Education')).getByRole('link', { name: 'Buy sessions: Financial Education' })).toHaveAttribute(
      'href',
      '/kids/financial-education/buy-sessions',
    );
  });

  it('asks for the upcoming classes as the kid and lists them in the kid’s timezone', async () => {
    openAs(aarav);
    const fetchMock = api({ [aarav._id]: { record: aarav, balances: [], sessions: [session] } }, () => aarav._id);
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    const list = await screen.findByRole('list', { name: 'Upcoming classes' });
    expect(list).toHaveTextContent('English with Ananya Iyer');
    expect(list).toHaveTextContent('Mon, 13 May · 4:30 PM – 4:55 PM');
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/sessions'))!;
    expect(String(call[0])).toBe('/api/sessions?limit=5&when=upcoming');
    expect((call[1]!.headers as Record<string, string>)['x-parley-as']).toBe('kid');
  });

  it('shows the free kids’ videos, asked for as the kid, each playable and named by its title', async () => {
    openAs(aarav);
    const video = { _id: 'v-9', title: 'Counting coins', description: 'Add up coins to pay for a toy.', durationSeconds: 95, audience: 'kids', videoUrl: '/api/library/videos/v-9/file' };
    const fetchMock = api({ [aarav._id]: { record: aarav, balances: [], sessions: [] } }, () => aarav._id, () => json({ items: [video] }));
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    const library = screen.getByRole('region', { name: 'Free videos' });
    const player = await within(library).findByLabelText('Counting coins');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', '/api/library/videos/v-9/file');
    expect(player).toHaveAttribute('preload', 'none');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAccessibleDescription(/1:35.*Add up coins to pay for a toy\..*Captions are not available for this video\./);
    expect(within(library).getByRole('heading', { level: 3, name: 'Counting coins' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/library/getVideos'))!;
    expect(String(call[0])).toBe('/api/library/getVideos?audience=kids');
    expect((call[1]!.headers as Record<string, string>)['x-parley-as']).toBe('kid');
  });

  it('says when there are no kids’ videos, and offers a retry when they fail to load', async () => {
    openAs(aarav);
    let fail = true;
    api({ [aarav._id]: { record: aarav, balances: [], sessions: [] } }, () => aarav._id, () => (fail ? json({ code: 'TIMEOUT', message: 'API time out !' }, 408) : json({ items: [] })));
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    const library = screen.getByRole('region', { name: 'Free videos' });
    const alert = await within(library).findByRole('alert');
    expect(alert).toHaveTextContent('API time out !');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(library).findByText('No free videos for kids yet.')).toBeInTheDocument();
    expect(within(library).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an unused paid demo (KID.isDemoPayed) lets the kid book in any subject with no sessions', async () => {
    const demoKid = { ...diya, isDemoPayed: true, demoSessionBooked: [] };
    openAs(demoKid);
    api({ [diya._id]: { record: demoKid, balances: [], sessions: [] } }, () => diya._id);
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    await waitFor(() => expect(within(card('Financial Education')).getByRole('link', { name: 'Book a class: Financial Education' })).toBeInTheDocument());
    expect(within(card('English')).getByRole('link', { name: 'Book a class: English' })).toBeInTheDocument();
  });

  it('a demo booked in one subject is spent for every subject', async () => {
    const demoKid = { ...diya, isDemoPayed: true, demoSessionBooked: [{ subjects: ['English'] }] };
    openAs(demoKid);
    api({ [diya._id]: { record: demoKid, balances: [], sessions: [] } }, () => diya._id);
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    await waitFor(() => expect(within(card('Financial Education')).getByRole('link', { name: 'Buy sessions: Financial Education' })).toBeInTheDocument());
    expect(within(card('English')).getByRole('link', { name: 'Buy sessions: English' })).toBeInTheDocument();
    // Nothing to book from, and the demo is spent: buying sessions comes first.
    expect(await screen.findByText('Diya Rao has no upcoming classes yet. Buy sessions for a subject above, then book one.')).toBeInTheDocument();
  });

  it('follows the active kid when the parent switches', async () => {
    openAs(aarav);
    let active = aarav._id;
    api(
      {
        [aarav._id]: { record: aarav, balances: [{ subject: 'English', sessionsAvailable: 3 }], sessions: [session] },
        [diya._id]: { record: diya, balances: [], sessions: [] },
      },
      () => active,
    );
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    await waitFor(() => expect(screen.getByTestId('sessions-available-english')).toHaveTextContent('3'));
    active = diya._id;
    act(() => setActiveKid('kid-diya', diya));
    expect(await screen.findByRole('heading', { name: 'Hi Diya Rao!' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('sessions-available-english')).toHaveTextContent('0'));
    expect(within(card('English')).getByRole('link', { name: 'Buy sessions: English' })).toBeInTheDocument();
    // Nothing to book from yet, and no demo had: Buy sessions sells that too.
    expect(await screen.findByText('Diya Rao has no upcoming classes yet. Buy sessions for a subject above, or a demo class (its Try Demo tab), then book one.')).toBeInTheDocument();
  });

  it('switching A → B → A from the switcher never files one kid’s answers under the other (one kid cookie per browser)', async () => {
    openAs(aarav);
    let cookieKid = aarav._id; // what the kid cookie is, as the server sees it
    const summaries = [aarav, diya].map((k) => ({ _id: k._id, name: k.name, avatar: k.avatar!, dob: null, isDemoPayed: false, demoSessionBooked: [] }));
    const records: Record<string, UserRecord> = { [aarav._id]: aarav, [diya._id]: diya };
    mockFetch({
      'GET /api/auth/me': () => json({ user: records[cookieKid] }),
      'GET /api/sessions': () => json({ items: cookieKid === aarav._id ? [session] : [], total: cookieKid === aarav._id ? 1 : 0 }),
      [`GET /api/kids/${aarav._id}/subjects`]: () => json({ subjects: [{ subject: 'English', sessionsAvailable: 3 }] }),
      [`GET /api/kids/${diya._id}/subjects`]: () => json({ subjects: [] }),
      'GET /api/library/getVideos': () => json({ items: [] }),
      'POST /api/learner/getKidsByParentId': () => json({ allKids: summaries }),
      'POST /api/learner/findKidById': (_url, init) => {
        cookieKid = (JSON.parse(String(init?.body)) as { learnerId: string }).learnerId;
        return json({ token: `kid-${cookieKid}`, learner: records[cookieKid], message: 'ok' });
      },
    });
    renderAt(
      <>
        <KidSwitcher />
        <KidsDashboardPage />
      </>,
      { route: '/kids/dashboard' },
    );
    const switchTo = async (name: string) => {
      fireEvent.click(screen.getByRole('button', { name: /Switch kid/ }));
      fireEvent.click(within(await screen.findByRole('menu', { name: 'Kids' })).getByRole('menuitem', { name }));
      expect(await screen.findByRole('heading', { name: `Hi ${name}!` })).toBeInTheDocument();
    };
    await screen.findByRole('list', { name: 'Upcoming classes' });
    await switchTo('Diya Rao');
    await waitFor(() => expect(screen.getByTestId('sessions-available-english')).toHaveTextContent('0'));
    await screen.findByText(/Diya Rao has no upcoming classes yet/);
    await switchTo('Aarav Rao');
    await waitFor(() => expect(screen.getByTestId('sessions-available-english')).toHaveTextContent('3'));
    expect(await screen.findByRole('list', { name: 'Upcoming classes' })).toHaveTextContent('English with Ananya Iyer');
    // Let any refetch settle: the page must still be Aarav's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Hi Aarav Rao!' })).toBeInTheDocument();
    expect(window.localStorage.getItem('KID')).toContain('Aarav Rao');
  });
});

// The class above starts at 11:00 UTC on 13 May 2030: 4:30 PM in Kolkata, where Aarav lives.
const atUtc = (hour: number, minute: number) => new Date(Date.UTC(2030, 4, 13, hour, minute));
const inWords = 'English with Ananya Iyer on Mon, 13 May 2030 at 4:30 PM';
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path);

describe('/kids/dashboard: an upcoming class’s countdown and Join', () => {
  it('Join is off before the window and says when it opens, then opens /meeting?session=<id> from 10 minutes before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: atUtc(10, 40) });
    openAs(aarav);
    api({ [aarav._id]: { record: aarav, balances: [], sessions: [session] } }, () => aarav._id);
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    const row = within(await screen.findByRole('list', { name: 'Upcoming classes' })).getByTestId('kid-class');
    expect(within(row).getByTestId('kid-class-countdown')).toHaveTextContent('Starts in 20 min');
    const closed = within(row).getByRole('button', { name: `Join opens at 4:20 PM: ${inWords}` });
    expect(closed).toBeDisabled();
    expect(closed).toHaveTextContent('Join opens at 4:20 PM');
    expect(within(row).queryByRole('link', { name: /Join/ })).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    const join = within(row).getByRole('link', { name: `Join ${inWords}` });
    expect(join).toHaveTextContent('Join');
    expect(join).toHaveAttribute('href', '/meeting?session=s-1');
    expect(within(row).getByTestId('kid-class-countdown')).toHaveTextContent('Starts in 10 min');
    expect(within(row).queryByRole('button', { name: /Join opens/ })).toBeNull();
  });

  it('a class in progress can still be joined until its end, and can no longer be cancelled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: atUtc(11, 5) });
    openAs(aarav);
    api({ [aarav._id]: { record: aarav, balances: [], sessions: [session] } }, () => aarav._id);
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    const row = within(await screen.findByRole('list', { name: 'Upcoming classes' })).getByTestId('kid-class');
    expect(within(row).getByTestId('kid-class-countdown')).toHaveTextContent('In progress, ends at 4:55 PM');
    expect(within(row).getByRole('link', { name: `Join ${inWords}` })).toHaveAttribute('href', '/meeting?session=s-1');
    expect(within(row).queryByRole('button', { name: /Cancel/ })).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(20 * 60_000);
    });
    expect(within(row).getByRole('button', { name: `Session ended: ${inWords}` })).toBeDisabled();
    expect(within(row).queryByRole('link', { name: /Join/ })).toBeNull();
  });

  it('Join and Cancel sit in a group named by the class, and the class’s whole name is in each', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: atUtc(10, 55) });
    openAs(aarav);
    const later = { ...session, _id: 's-2', startAt: '2030-05-14T11:00:00.000Z', endAt: '2030-05-14T11:25:00.000Z' };
    api({ [aarav._id]: { record: aarav, balances: [], sessions: [session, later] } }, () => aarav._id);
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    await screen.findByRole('list', { name: 'Upcoming classes' });
    // Two classes with one tutor: each button says which class it is for.
    const groups = screen.getAllByRole('group', { name: 'English with Ananya Iyer' });
    expect(groups).toHaveLength(2);
    expect(within(groups[0]!).getByRole('link', { name: `Join ${inWords}` })).toBeInTheDocument();
    expect(within(groups[0]!).getByRole('button', { name: `Cancel ${inWords}` })).toBeInTheDocument();
    expect(within(groups[1]!).getByRole('button', { name: 'Cancel English with Ananya Iyer on Tue, 14 May 2030 at 4:30 PM' })).toBeInTheDocument();
  });
});

describe('/kids/dashboard: moving an upcoming class', () => {
  it('offers Reschedule until the class starts, opening the move the route composes for the kid’s class', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: atUtc(10, 40) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    openAs(aarav);
    api({ [aarav._id]: { record: aarav, balances: [], sessions: [session] } }, () => aarav._id);
    const asked: unknown[] = [];
    const rescheduleClass: RescheduleClass = ({ kidId, session: moved, subject, timeZone, onClose }) => {
      asked.push({ kidId, sessionId: moved._id, subject, timeZone });
      return (
        <div role="dialog" aria-label="Reschedule session">
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      );
    };
    renderAt(<KidsDashboardPage rescheduleClass={rescheduleClass} />, { route: '/kids/dashboard' });
    const row = within(await screen.findByRole('list', { name: 'Upcoming classes' })).getByTestId('kid-class');
    const reschedule = within(row).getByRole('button', { name: `Reschedule ${inWords}` });
    expect(reschedule).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(reschedule);
    const dialog = screen.getByRole('dialog', { name: 'Reschedule session' });
    expect(asked.at(-1)).toEqual({ kidId: aarav._id, sessionId: 's-1', subject: 'English', timeZone: 'Asia/Kolkata' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(25 * 60_000);
    });
    expect(within(row).queryByRole('button', { name: /Reschedule/ })).toBeNull();
  });
});

describe('/kids/dashboard: cancelling an upcoming class (the parent, through the kid’s session)', () => {
  function renderCancellable(preview: { refunded: boolean; message: string }) {
    let cancelled = false;
    let sessionsAvailable = 2;
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: aarav }),
      'GET /api/sessions': () => json(cancelled ? { items: [], total: 0 } : { items: [session], total: 1 }),
      [`GET /api/kids/${aarav._id}/subjects`]: () => json({ subjects: [{ subject: 'English', sessionsAvailable }] }),
      'GET /api/library/getVideos': () => json({ items: [] }),
      'GET /api/sessions/s-1/cancel-preview': () => json(preview),
      'POST /api/sessions/s-1/cancel': () => {
        cancelled = true;
        if (preview.refunded) sessionsAvailable += 1;
        return json({ status: 'cancelled', ...preview });
      },
    });
    openAs(aarav);
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    return fetchMock;
  }

  it('more than 12 hours ahead: says the session comes back, cancels as the kid with the reason, and the list and sessions available refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: atUtc(0, 0) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = renderCancellable({ refunded: true, message: 'You will get this session back.' });
    await waitFor(() => expect(screen.getByTestId('sessions-available-english')).toHaveTextContent('2'));
    const row = within(await screen.findByRole('list', { name: 'Upcoming classes' })).getByTestId('kid-class');
    await user.click(within(row).getByRole('button', { name: `Cancel ${inWords}` }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    expect(dialog).toHaveTextContent(`${inWords}.`);
    expect(await within(dialog).findByTestId('cancel-preview')).toHaveTextContent('You will get this session back.');
    const [previewCall] = callsTo(fetchMock, 'GET', '/api/sessions/s-1/cancel-preview');
    expect((previewCall![1]!.headers as Record<string, string>)['x-parley-as']).toBe('kid');
    expect(callsTo(fetchMock, 'POST', '/api/sessions/s-1/cancel')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Aarav is unwell');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = callsTo(fetchMock, 'POST', '/api/sessions/s-1/cancel');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ reason: 'Aarav is unwell' });
    expect((call![1]!.headers as Record<string, string>)['x-parley-as']).toBe('kid');
    expect(await screen.findByText('Aarav Rao has no upcoming classes yet. Book one from a subject above.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('sessions-available-english')).toHaveTextContent('3'));
  });

  it('less than 12 hours ahead: says the session will be spent before confirming, then cancels', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: atUtc(5, 0) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const late = 'It is less than 12 hours to the start, so this session will be spent.';
    const fetchMock = renderCancellable({ refunded: false, message: late });
    const row = within(await screen.findByRole('list', { name: 'Upcoming classes' })).getByTestId('kid-class');
    await user.click(within(row).getByRole('button', { name: `Cancel ${inWords}` }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    const said = await within(dialog).findByTestId('cancel-preview');
    expect(said).toHaveTextContent(late);
    expect(said).toHaveClass('alert-warning');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST', '/api/sessions/s-1/cancel')).toHaveLength(1);
    expect(await screen.findByText('Aarav Rao has no upcoming classes yet. Book one from a subject above.')).toBeInTheDocument();
    expect(screen.getByTestId('sessions-available-english')).toHaveTextContent('2');
  });

  it('is reachable from the keyboard, and Keep session puts focus back on Cancel with nothing sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: atUtc(0, 0) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = renderCancellable({ refunded: true, message: 'You will get this session back.' });
    const row = within(await screen.findByRole('list', { name: 'Upcoming classes' })).getByTestId('kid-class');
    const cancel = within(row).getByRole('button', { name: `Cancel ${inWords}` });
    cancel.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Cancel this session?' });
    await within(dialog).findByTestId('cancel-preview');
    await user.click(within(dialog).getByRole('button', { name: 'Keep session' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancel).toHaveFocus();
    expect(callsTo(fetchMock, 'POST', '/api/sessions/s-1/cancel')).toHaveLength(0);
  });
});

describe('/kids/dashboard: practise with a friend', () => {
  const practiceSlot = {
    _id: '5a1b2c3d-4e5f-4a6b-8c7d-000000000001',
    startAt: '2030-05-13T11:00:00.000Z',
    endAt: '2030-05-13T11:30:00.000Z',
    lengthMin: 30,
    mode: 'audio',
    status: 'booked',
    role: 'guest',
    partner: { name: 'Meera', level: 'A2', firstLanguage: 'Hindi' },
    callId: null,
  };

  function renderWithPractice(practice: { consent: boolean; next: typeof practiceSlot | null }) {
    openAs(aarav);
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: aarav }),
      'GET /api/sessions': () => json({ items: [], total: 0 }),
      [`GET /api/kids/${aarav._id}/subjects`]: () => json({ subjects: [] }),
      'GET /api/library/getVideos': () => json({ items: [] }),
      'GET /api/kid-peer/practice': () => json(practice),
    });
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    return fetchMock;
  }

  it('shows the kid’s next practice time, in their timezone, and links to their practice calls', async () => {
    const fetchMock = renderWithPractice({ consent: true, next: practiceSlot });
    const card = await screen.findByRole('region', { name: 'Practise with a friend' });
    expect(within(card).getByTestId('kid-next-practice')).toHaveTextContent('Next practice: Mon, 13 May, 4:30 PM, 30 minutes with Meera');
    expect(within(card).getByRole('link', { name: 'Open practice times' })).toHaveAttribute('href', '/kids/peer-practice');
    const [call] = callsTo(fetchMock, 'GET', '/api/kid-peer/practice');
    expect((call![1]!.headers as Record<string, string>)['x-parley-as']).toBe('kid');
  });

  it('with peer practice on and nothing planned, still leads to the practice page', async () => {
    renderWithPractice({ consent: true, next: null });
    const card = await screen.findByRole('region', { name: 'Practise with a friend' });
    expect(card).toHaveTextContent('Nothing planned yet. Ask your parent to plan a practice time.');
    expect(within(card).getByRole('link', { name: 'Open practice times' })).toHaveAttribute('href', '/kids/peer-practice');
  });

  it('is not shown when the parent has not switched peer practice on', async () => {
    const fetchMock = renderWithPractice({ consent: false, next: null });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/kid-peer/practice')).toHaveLength(1));
    await screen.findByText('Aarav Rao has no upcoming classes yet. Buy sessions for a subject above, or a demo class (its Try Demo tab), then book one.');
    expect(screen.queryByRole('region', { name: 'Practise with a friend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /practice/ })).not.toBeInTheDocument();
  });
});

describe('/kids/dashboard: live refresh', () => {
  it('sessions_changed on the kid’s socket reloads the upcoming classes (a tutor cancelled or booked one)', async () => {
    openAs(aarav);
    let sessions: unknown[] = [];
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: aarav }),
      'GET /api/sessions': () => json({ items: sessions, total: sessions.length }),
      [`GET /api/kids/${aarav._id}/subjects`]: () => json({ subjects: [] }),
      'GET /api/library/getVideos': () => json({ items: [] }),
    });
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    expect(await screen.findByText('Aarav Rao has no upcoming classes yet. Buy sessions for a subject above, or a demo class (its Try Demo tab), then book one.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/sessions')).toHaveLength(1);

    sessions = [session];
    act(() => lastFakeSocket('kid').serverEmit('sessions_changed', { sessionId: 's-1' }));
    expect(await screen.findByRole('list', { name: 'Upcoming classes' })).toHaveTextContent('English with Ananya Iyer');
    expect(callsTo(fetchMock, 'GET', '/api/sessions')).toHaveLength(2);
  });

  it('an open Cancel closes with the server’s reason when the tutor cancels the class meanwhile, and the focus stays in the list’s place', async () => {
    openAs(aarav);
    let cancelled = false;
    mockFetch({
      'GET /api/auth/me': () => json({ user: aarav }),
      'GET /api/sessions': () => json(cancelled ? { items: [], total: 0 } : { items: [session], total: 1 }),
      [`GET /api/kids/${aarav._id}/subjects`]: () => json({ subjects: [] }),
      'GET /api/library/getVideos': () => json({ items: [] }),
      'GET /api/sessions/s-1/cancel-preview': () =>
        cancelled ? json({ code: 'CONFLICT', message: 'This session is already cancelled.' }, 409) : json({ refunded: true, message: 'You will get this session back.' }),
    });
    const user = userEvent.setup();
    renderAt(<KidsDashboardPage />, { route: '/kids/dashboard' });
    const row = within(await screen.findByRole('list', { name: 'Upcoming classes' })).getByTestId('kid-class');
    await user.click(within(row).getByRole('button', { name: `Cancel ${inWords}` }));
    expect(screen.getByRole('dialog', { name: 'Cancel this session?' })).toBeInTheDocument();

    cancelled = true;
    act(() => lastFakeSocket('kid').serverEmit('sessions_changed', { sessionId: 's-1' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith('This session is already cancelled.', expect.anything());
    expect(screen.getByText('Aarav Rao has no upcoming classes yet. Buy sessions for a subject above, or a demo class (its Try Demo tab), then book one.')).toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
  });
});
