import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Link, Route } from 'react-router';
import userEvent from '@testing-library/user-event';
import { placementLevel, peerTexts, type PeerOverview, type PeerProfile } from '@parley/domain/peer';
import { userRecord } from '../../../test/fixtures';
import { lastFakeSocket } from '../../../test/fake-socket';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { PeerArea } from './peer-area';
import { PeerDashboardPage } from './peer-dashboard-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));

const USER_ID = '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11';
const CALL_ID = '2d4c6b8a-0f1e-4d3c-9b5a-7e6f5d4c3b2a';

function profile(overrides: Partial<PeerProfile> = {}): PeerProfile {
  return { userId: USER_ID, name: 'Asha Verma', avatar: '', level: 'B1', firstLanguage: 'Hindi', languages: [], interests: [], availability: '', ...overrides };
}

function overview(overrides: Partial<PeerOverview> = {}): PeerOverview {
  return {
    profile: profile(),
    availableMinutes: 120,
    plan: { name: 'Peer Learning · Monthly', boughtAt: '2030-03-01T10:00:00.000Z' },
    refusal: null,
    suspension: null,
    warning: null,
    queued: null,
    activeCallId: null,
    ...overrides,
  };
}

const noCalls = () => json({ items: [], total: 0 });

beforeEach(() => {
  setItem('TOKEN', 'learner-handle');
  setItem('USER', userRecord({ _id: USER_ID, timezone: 'Asia/Kolkata' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const practise = () => screen.getByRole('button', { name: 'Practise now' });

describe('PeerDashboardPage', () => {
  it('a first visit takes the placement: answers in order and the first language are posted, and the level comes back', async () => {
    let overviewAnswer = overview({ profile: null, availableMinutes: 0, plan: null });
    const posted: unknown[] = [];
    mockFetch({
      'GET /api/peer/me': () => json(overviewAnswer),
      'GET /api/peer/calls': noCalls,
      'POST /api/peer/placement': async (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { answers: boolean[]; firstLanguage: string };
        posted.push(body);
        // The server sets the level with the domain's rule.
        const placed = profile({ level: placementLevel(body.answers), firstLanguage: body.firstLanguage });
        overviewAnswer = overview({ profile: placed, availableMinutes: 0, plan: null });
        return json(placed);
      },
    });
    const user = userEvent.setup();
    renderAt(<PeerDashboardPage />, { route: '/peer-learning/dashboard' });

    await screen.findByRole('heading', { name: 'Find your level' });
    // Nothing answered: each statement asks for a choice, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'See my level' }));
    expect(await screen.findAllByText('Choose yes or no')).toHaveLength(5);
    expect(screen.getByText('Write the language’s name')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    const statements = screen.getAllByRole('group');
    for (const [index, answer] of ['Yes', 'Yes', 'Yes', 'No', 'Yes'].entries()) {
      await user.click(within(statements[index]!).getByRole('radio', { name: answer }));
    }
    await user.type(screen.getByLabelText('Your first language'), ' Tamil ');
    await user.click(screen.getByRole('button', { name: 'See my level' }));

    expect(posted).toEqual([{ answers: [true, true, true, false, true], firstLanguage: 'Tamil' }]);
    // Three in a row from the first: A1 plus three levels, B2 (the fifth "yes", after a "no", does not count).
    expect(await screen.findByRole('heading', { name: 'Your level: B2' })).toHaveFocus();
    // The result says what the third "yes" says they can do; the fourth (opinions) was a "no".
    expect(screen.getByText(/You can tell a story about something that happened to you and say how you felt\./)).toBeInTheDocument();
    expect(screen.queryByText(/opinion/)).toBeNull();


    await user.click(screen.getByRole('button', { name: 'Go to my dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Minutes left' })).toBeInTheDocument();
  });

  it('tells times in the zone the account record has now: a refresh that changes it redraws the page', async () => {
    mockFetch({ 'GET /api/peer/me': () => json(overview()), 'GET /api/peer/calls': noCalls, 'GET /api/peer/slots': () => json({ mine: [], open: [] }) });
    renderAt(<PeerDashboardPage />);
    expect(await screen.findByText(/Times are in Asia\/Kolkata\./)).toBeInTheDocument();
    act(() => setItem('USER', userRecord({ _id: USER_ID, timezone: 'Europe/London' })));
    expect(await screen.findByText(/Times are in Europe\/London\./)).toBeInTheDocument();
    expect(screen.queryByText(/Times are in Asia\/Kolkata/)).not.toBeInTheDocument();
  });

  it('Practise now is off with the server’s refusal text, and says why', async () => {
    mockFetch({ 'GET /api/peer/me': () => json(overview({ availableMinutes: 3, refusal: peerTexts.notEnoughMinutes })), 'GET /api/peer/calls': noCalls });
    renderAt(<PeerDashboardPage />, { route: '/peer-learning/dashboard' });

    await waitFor(() => expect(practise()).toHaveAttribute('aria-disabled', 'true'));
    expect(practise()).toHaveAccessibleDescription(peerTexts.notEnoughMinutes);
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get more minutes' })).toHaveAttribute('href', '/peer-learning/subscription-plans');
    // Not the Practise now it cannot press.
    expect(await screen.findByText('No calls yet. Get minutes with a peer plan to have your first.')).toBeInTheDocument();
  });

  it('a refusal from the queue turns Practise now off with its text', async () => {
    const refusal = 'Your peer practice is suspended: abusive language';
    const queued: unknown[] = [];
    mockFetch({
      'GET /api/peer/me': () => json(overview()),
      'GET /api/peer/calls': noCalls,
      'POST /api/peer/queue': (_url, init) => {
        queued.push(JSON.parse(String(init?.body)));
        return json({ code: 'FORBIDDEN', message: refusal }, 403);
      },
    });
    const user = userEvent.setup();
    renderAt(<PeerDashboardPage />, { route: '/peer-learning/dashboard' });

    await waitFor(() => expect(practise()).not.toHaveAttribute('aria-disabled'));
    await user.click(screen.getByRole('radio', { name: 'Audio only' }));
    await user.click(practise());
    await waitFor(() => expect(practise()).toHaveAttribute('aria-disabled', 'true'));
    expect(practise()).toHaveAccessibleDescription(refusal);
    expect(queued).toEqual([{ mode: 'audio' }]);
  });

  it('while queued: the waiting state with the time waited, and Cancel leaves the queue', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const since = new Date(Date.now() - 42_000).toISOString();
    let queued: PeerOverview['queued'] = { mode: 'video', since };
    const deletes: string[] = [];
    mockFetch({
      'GET /api/peer/me': () => json(overview({ queued })),
      'GET /api/peer/calls': noCalls,
      'DELETE /api/peer/queue': (url) => {
        deletes.push(url.pathname);
        queued = null;
        return json({ queued: false, since: null, matchedCallId: null });
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt(<PeerDashboardPage />, { route: '/peer-learning/dashboard' });

    expect(await screen.findByRole('heading', { name: 'Finding a partner…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Practise now' })).toBeNull();
    expect(screen.getByRole('timer', { name: 'Time waited' })).toHaveTextContent('0:42');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByRole('timer', { name: 'Time waited' })).toHaveTextContent('0:45');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Practise now' })).not.toHaveAttribute('aria-disabled');
    expect(deletes).toEqual(['/api/peer/queue']);
    // Cancel went with the waiting state: the focus goes to what replaced it.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Practise now' })).toHaveFocus());
  });

  /** The dashboard and a Profile page inside the peer area, nested as the router nests them. */
  function renderInPeerArea() {
    renderAt(<h1>Not the peer area</h1>, {
      route: '/peer-learning/dashboard',
      path: '/elsewhere',
      extra: (
        <Route element={<PeerArea />}>
          <Route path="/peer-learning/dashboard" element={<><PeerDashboardPage /><Link to="/peer-learning/profile">Profile</Link></>} />
          <Route path="/peer-learning/profile" element={<h1>Peer profile</h1>} />
        </Route>
      ),
    });
  }

  it('opens the call when the socket says a partner was found, on the dashboard or on any other peer page the peer went on to', async () => {
    mockFetch({ 'GET /api/peer/me': () => json(overview({ queued: { mode: 'video', since: new Date().toISOString() } })), 'GET /api/peer/calls': noCalls });
    const user = userEvent.setup();
    renderInPeerArea();
    await screen.findByRole('heading', { name: 'Finding a partner…' });
    const socket = lastFakeSocket('learner');
    act(() => socket.serverEmit('peer:matched', { callId: CALL_ID, partnerName: 'Ravi Kumar', mode: 'video' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/peer-learning/call?call=${CALL_ID}`));

    cleanup();
    renderInPeerArea();
    await screen.findByRole('heading', { name: 'Finding a partner…' });
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Peer profile' })).toBeInTheDocument();
    act(() => lastFakeSocket('learner').serverEmit('peer:matched', { callId: CALL_ID, partnerName: 'Ravi Kumar', mode: 'video' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/peer-learning/call?call=${CALL_ID}`));
  });

  it('opens the call at once when the queue answers with a match', async () => {
    mockFetch({
      'GET /api/peer/me': () => json(overview()),
      'GET /api/peer/calls': noCalls,
      'POST /api/peer/queue': () => json({ queued: false, since: null, matchedCallId: CALL_ID }),
    });
    const user = userEvent.setup();
    renderAt(<PeerDashboardPage />, { route: '/peer-learning/dashboard' });
    await waitFor(() => expect(practise()).not.toHaveAttribute('aria-disabled'));
    await user.click(practise());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/peer-learning/call?call=${CALL_ID}`));
  });

  it('shows a suspension and a warning with the moderators’ reasons', async () => {
    mockFetch({
      'GET /api/peer/me': () =>
        json(
          overview({
            refusal: peerTexts.suspended('rude to partners'),
            suspension: { reason: 'rude to partners', at: '2030-03-04T09:30:00.000Z' },
            warning: { reason: 'Keep it friendly', at: '2030-03-01T09:30:00.000Z' },
          }),
        ),
      'GET /api/peer/calls': noCalls,
    });
    renderAt(<PeerDashboardPage />, { route: '/peer-learning/dashboard' });
    const suspended = await screen.findByRole('alert');
    expect(suspended).toHaveTextContent('Your peer practice is suspended: rude to partners');
    expect(suspended).toHaveTextContent('Since 4 Mar 2030, 3:00 PM');
    expect(screen.getByText('Keep it friendly')).toBeInTheDocument();
    expect(practise()).toHaveAttribute('aria-disabled', 'true');
  });

  it('a failed load says so and tries again', async () => {
    let fail = true;
    mockFetch({ 'GET /api/peer/me': () => (fail ? json({ code: 'HTTP_503', message: 'down' }, 503) : json(overview())), 'GET /api/peer/calls': noCalls });
    const user = userEvent.setup();
    renderAt(<PeerDashboardPage />, { route: '/peer-learning/dashboard' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error:');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Minutes left' })).toBeInTheDocument();
  });
});
