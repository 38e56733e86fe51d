import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kidPeerTexts, type KidPeerKid } from '@parley/domain/kid-peer';
import { PEER_PAST_CALLS_PAGE_SIZE, type PeerPastCall } from '@parley/domain/peer';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { getItem, setItem } from '../../../shared/lib/storage';
import { KidPeerDashboardPage } from './kid-peer-dashboard-page';
import { KidPeerPastCallsPage } from './kid-peer-past-calls-page';
import { KidPeerPracticePage } from './kid-peer-practice-page';
import { KidPeerProfilePage, MinutesToGive } from './kid-peer-profile-page';
import { peerAs } from '../lib/peer-as';
import { dateTimeText } from '../lib/peer-time';

// The practice times listen for news on the socket: a stand-in, so no test opens a real one.
vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast), Toaster: () => null }));

const KID = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const SISTER = '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

function kid(overrides: Partial<KidPeerKid> = {}): KidPeerKid {
  return { kidId: KID, name: 'Aarav', consent: true, age: 10, ageBand: '9–11', level: 'A2', firstLanguage: 'Hindi', availableMinutes: 30, refusal: null, suspension: null, ...overrides };
}

beforeEach(() => {
  setItem('TOKEN', 'learner-handle');
  setItem('USER', userRecord({ timezone: 'Asia/Kolkata' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('KidPeerDashboardPage', () => {
  it('without consent says why and offers the profile, and schedules nothing', async () => {
    mockFetch({ 'GET /api/kid-peer/kids': () => json({ kids: [kid({ consent: false, refusal: kidPeerTexts.noConsent })] }) });
    renderAt(<KidPeerDashboardPage />, { route: '/kid-peer/dashboard' });
    expect(await screen.findByText(kidPeerTexts.noConsent)).toBeInTheDocument();
    expect(screen.getByText('Peer practice off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Aarav’s peer profile' })).toHaveAttribute('href', `/kid-peer/profile?kid=${KID}`);
    expect(screen.queryByRole('region', { name: 'Scheduled practice' })).toBeNull();
  });

  it('with consent, schedules for the chosen kid through the kid’s own addresses, audio by default', async () => {
    const published: { url: string; body: unknown }[] = [];
    mockFetch({
      'GET /api/kid-peer/kids': () => json({ kids: [kid(), kid({ kidId: SISTER, name: 'Diya' })] }),
      [`GET /api/kid-peer/kids/${SISTER}/slots`]: () => json({ mine: [], open: [] }),
      [`POST /api/kid-peer/kids/${SISTER}/slots`]: (url, init) => {
        published.push({ url: url.pathname, body: JSON.parse(String(init?.body)) });
        return json({ message: 'no' }, 409);
      },
    });
    const user = userEvent.setup();
    renderAt(<KidPeerDashboardPage />, { route: `/kid-peer/dashboard?kid=${SISTER}` });
    expect(await screen.findByRole('heading', { name: 'Diya' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Scheduled practice' })).toBeInTheDocument();
    expect(screen.getByLabelText('Call')).toHaveValue('audio');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0]!.body).toMatchObject({ mode: 'audio', lengthMin: 30 });
  });
});

describe('KidPeerDashboardPage: a kid with too few minutes', () => {
  it('says so before anything is sent, points to giving minutes, and keeps Publish and Book off', async () => {
    const open = { _id: SISTER, startAt: '2099-01-01T10:00:00.000Z', endAt: '2099-01-01T10:15:00.000Z', lengthMin: 15, mode: 'audio', host: { name: 'Meera', level: 'A2', firstLanguage: 'Tamil' } };
    mockFetch({ 'GET /api/kid-peer/kids': () => json({ kids: [kid({ availableMinutes: 4 })] }), [`GET /api/kid-peer/kids/${KID}/slots`]: () => json({ mine: [], open: [open] }) });
    renderAt(<KidPeerDashboardPage />, { route: '/kid-peer/dashboard' });
    const note = await screen.findByTestId('needs-minutes');
    expect(note).toHaveTextContent('Aarav has 4 minutes, and a peer call needs at least 5. Give Aarav minutes before you publish or book a time.');
    expect(within(note).getByRole('link', { name: 'Give Aarav minutes' })).toHaveAttribute('href', `/kid-peer/profile?kid=${KID}`);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Book Meera’s time/ })).toBeDisabled();
  });

  it('with enough minutes, says nothing of them', async () => {
    mockFetch({ 'GET /api/kid-peer/kids': () => json({ kids: [kid({ availableMinutes: 5 })] }), [`GET /api/kid-peer/kids/${KID}/slots`]: () => json({ mine: [], open: [] }) });
    renderAt(<KidPeerDashboardPage />, { route: '/kid-peer/dashboard' });
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(screen.queryByTestId('needs-minutes')).toBeNull();
  });
});

describe('KidPeerDashboardPage: which kid', () => {
  it('opens on the kid whose session is open, not the first kid', async () => {
    mockFetch({
      'GET /api/kid-peer/kids': () => json({ kids: [kid(), kid({ kidId: SISTER, name: 'Diya' })] }),
      [`GET /api/kid-peer/kids/${KID}/slots`]: () => json({ mine: [], open: [] }),
      [`GET /api/kid-peer/kids/${SISTER}/slots`]: () => json({ mine: [], open: [] }),
    });
    setItem('KID_TOKEN', 'sister-handle');
    setItem('KID', userRecord({ _id: SISTER, name: 'Diya', role: 'kid' }));
    renderAt(<KidPeerDashboardPage />, { route: '/kid-peer/dashboard' });
    expect(((await screen.findByRole('combobox', { name: 'Kid' })) as HTMLSelectElement).selectedOptions[0]).toHaveTextContent('Diya');
  });
});

describe('KidPeerDashboardPage: Practise with a friend, in the kid’s own session', () => {
  const practiseLink = async () => screen.findByRole('link', { name: 'Practise with a friend' });

  it('goes straight to the practice page when this kid’s session is open', async () => {
    mockFetch({ 'GET /api/kid-peer/kids': () => json({ kids: [kid()] }), [`GET /api/kid-peer/kids/${KID}/slots`]: () => json({ mine: [], open: [] }) });
    setItem('KID_TOKEN', 'kid-handle');
    setItem('KID', userRecord({ _id: KID, name: 'Aarav', role: 'kid' }));
    renderAt(<KidPeerDashboardPage />, { route: '/kid-peer/dashboard' });
    expect(await practiseLink()).toHaveAttribute('href', '/kids/peer-practice');
  });

  it('with another kid’s session open, asks which kid first and remembers to continue to the practice page', async () => {
    mockFetch({ 'GET /api/kid-peer/kids': () => json({ kids: [kid()] }), [`GET /api/kid-peer/kids/${KID}/slots`]: () => json({ mine: [], open: [] }) });
    setItem('KID_TOKEN', 'sister-handle');
    setItem('KID', userRecord({ _id: SISTER, name: 'Diya', role: 'kid' }));
    const user = userEvent.setup();
    renderAt(<KidPeerDashboardPage />, { route: '/kid-peer/dashboard' });
    const link = await practiseLink();
    expect(link).toHaveAttribute('href', '/kids/accounts?type=switch-kids');
    await user.click(link);
    expect(getItem('INTENDED_PATH')).toBe('/kids/peer-practice');
  });
});

describe('KidPeerProfilePage', () => {
  it('the consent switch is off by default and sends the parent’s choice', async () => {
    const sent: unknown[] = [];
    let answer: () => void = () => {};
    mockFetch({
      'GET /api/kid-peer/kids': () => json({ kids: [kid({ consent: false, refusal: kidPeerTexts.noConsent })] }),
      'GET /api/peer/me': () => json({ profile: null, availableMinutes: 120, plan: null, refusal: null, suspension: null, warning: null, queued: null, activeCallId: null }),
      [`PUT /api/kid-peer/kids/${KID}/consent`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Promise<Response>((resolve) => (answer = () => resolve(json(kid()))));
      },
    });
    const user = userEvent.setup();
    renderAt(<KidPeerProfilePage />, { route: '/kid-peer/profile' });
    const toggle = await screen.findByRole('switch', { name: /Let Aarav practise with other kids/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    // While the choice is saved the switch keeps the focus and takes no second press.
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'true'));
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    answer();
    await waitFor(() => expect(sent).toEqual([{ consent: true }]));
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-disabled'));
    expect(toggle).toHaveFocus();
    // Minutes to give may have come from a referral bonus too: the text does not say they were bought.
    expect(await screen.findByText(/You have/)).toHaveTextContent('You have 120 minutes to give. More come with a kids peer plan.');
  });
});

describe('KidPeerProfilePage: the speaking level', () => {
  const kidsAnswer = (level: KidPeerKid['level']) => ({
    'GET /api/kid-peer/kids': () => json({ kids: [kid({ level, firstLanguage: level ? 'Hindi' : null })] }),
    'GET /api/peer/me': () => json({ profile: null, availableMinutes: 120, plan: null, refusal: null, suspension: null, warning: null, queued: null, activeCallId: null }),
  });

  it('with no level set shows “Choose a level”, not A1, and asks for a choice before saving', async () => {
    const sent: unknown[] = [];
    mockFetch({
      ...kidsAnswer(null),
      [`PUT /api/kid-peer/kids/${KID}/profile`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(kid({ level: 'A2' }));
      },
    });
    const user = userEvent.setup();
    renderAt(<KidPeerProfilePage />, { route: '/kid-peer/profile' });
    const select = await screen.findByRole('combobox', { name: 'Level' });
    expect(select).toHaveValue('');
    expect(select).toBeRequired();
    expect(screen.getByRole('option', { name: 'Choose a level' })).toBeDisabled();
    expect((screen.getByRole('option', { name: 'Choose a level' }) as HTMLOptionElement).selected).toBe(true);

    // Nothing chosen or typed: each field says what it needs, on the page (not the browser's bubble), and the first takes focus.
    await user.click(screen.getByRole('button', { name: 'Save level' }));
    expect(sent).toEqual([]);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a level');
    expect(select).toHaveFocus();
    const language = screen.getByRole('textbox', { name: 'First language' });
    expect(language).toHaveAccessibleDescription('Write the language’s name');

    await user.type(language, 'Hindi');
    expect(language).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(select, 'A2');
    expect(select).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save level' }));
    await waitFor(() => expect(sent).toEqual([{ level: 'A2', firstLanguage: 'Hindi' }]));
  });

  it('a saved level is shown as chosen', async () => {
    mockFetch(kidsAnswer('B1'));
    renderAt(<KidPeerProfilePage />, { route: '/kid-peer/profile' });
    expect(await screen.findByRole('combobox', { name: 'Level' })).toHaveValue('B1');
  });
});

describe('KidPeerProfilePage: giving minutes', () => {
  const aRequestKey = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  /** The parent's page for Diya Rao, answering each gift with `answer(n)` (n: the gifts so far) or, by default, her balance 60 minutes on. */
  function giftsTo(answer?: (n: number) => Response | null) {
    const gifts: { minutes: number; requestKey: string }[] = [];
    mockFetch({
      'GET /api/kid-peer/kids': () => json({ kids: [kid({ name: 'Diya Rao', availableMinutes: 0 })] }),
      'GET /api/peer/me': () => json({ profile: null, availableMinutes: 200, plan: null, refusal: null, suspension: null, warning: null, queued: null, activeCallId: null }),
      [`POST /api/kid-peer/kids/${KID}/minutes`]: (_url, init) => {
        gifts.push(JSON.parse(String(init?.body)));
        return answer?.(gifts.length) ?? json(kid({ name: 'Diya Rao', availableMinutes: 60 * gifts.length }));
      },
    });
    return gifts;
  }

  const minutesToGive = () => screen.getByRole('spinbutton', { name: 'Minutes to give' });
  const giveButton = async () => {
    await waitFor(() => expect(screen.getByText(/You have/)).toHaveTextContent('You have 200 minutes to give'));
    return screen.getByRole('button', { name: 'Give minutes' });
  };

  it('a double click on Give minutes sends one gift, and the toast states the balance the server answered', async () => {
    const gifts = giftsTo();
    renderAt(<KidPeerProfilePage />, { route: '/kid-peer/profile' });
    const give = await giveButton();
    fireEvent.change(minutesToGive(), { target: { value: '60' } });
    fireEvent.click(give);
    fireEvent.click(give);

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Diya Rao has 60 minutes now.', expect.anything()));
    expect(gifts).toEqual([{ minutes: 60, requestKey: aRequestKey }]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says at the field why a number of minutes cannot be given, and sends nothing', async () => {
    const gifts = giftsTo();
    renderAt(<KidPeerProfilePage />, { route: '/kid-peer/profile' });
    const give = await giveButton();
    for (const [typed, said] of [
      ['', 'Enter the minutes to give, from 1 to 200.'],
      ['0', 'Enter the minutes to give, from 1 to 200.'],
      ['2.5', 'Enter the minutes to give, from 1 to 200.'],
      ['201', 'You have 200 peer minutes to give. Buy a kids peer plan for more.'],
    ] as const) {
      fireEvent.change(minutesToGive(), { target: { value: typed } });
      fireEvent.click(give);
      expect(minutesToGive()).toHaveAccessibleDescription(said);
      expect(minutesToGive()).toHaveAttribute('aria-invalid', 'true');
      expect(minutesToGive()).toHaveFocus();
    }
    fireEvent.change(minutesToGive(), { target: { value: '20' } });
    expect(minutesToGive()).not.toHaveAttribute('aria-invalid');
    expect(gifts).toEqual([]);
  });

  it('says the balance the server has, not the page’s sum (another tab gave minutes meanwhile)', async () => {
    giftsTo(() => json(kid({ name: 'Diya Rao', availableMinutes: 90 })));
    renderAt(<KidPeerProfilePage />, { route: '/kid-peer/profile' });
    const give = await giveButton();
    fireEvent.click(give);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Diya Rao has 90 minutes now.', expect.anything()));
  });

  it('sends a failed gift again under its request key, and a changed or a new gift under a new one', async () => {
    const gifts = giftsTo((n) => (n === 1 ? json({ code: 'UNAVAILABLE', message: 'Try again.' }, 503) : null));
    renderAt(<KidPeerProfilePage />, { route: '/kid-peer/profile' });
    const give = await giveButton();
    for (const sent of [1, 2]) {
      fireEvent.click(give);
      await waitFor(() => expect(gifts).toHaveLength(sent));
      await waitFor(() => expect(give).not.toHaveAttribute('aria-disabled'));
    }
    fireEvent.change(minutesToGive(), { target: { value: '45' } });
    fireEvent.click(give);
    await waitFor(() => expect(gifts).toHaveLength(3));
    await waitFor(() => expect(give).not.toHaveAttribute('aria-disabled'));
    fireEvent.click(give);
    await waitFor(() => expect(gifts).toHaveLength(4));

    const [failed, retried, changed, next] = gifts.map((gift) => gift.requestKey);
    expect(failed).toEqual(aRequestKey);
    expect(retried).toBe(failed);
    expect(new Set([retried, changed, next]).size).toBe(3);
    expect(gifts.map((gift) => gift.minutes)).toEqual([30, 30, 45, 45]);
  });
});

describe('KidPeerPracticePage (the kid’s own session)', () => {
  it('with nothing planned, leads the parent to where this kid’s practice is planned', async () => {
    setItem('KID_TOKEN', 'kid-handle');
    setItem('KID', userRecord({ _id: KID, name: 'Aarav', role: 'kid' }));
    mockFetch({ 'GET /api/kid-peer/slots': () => json({ mine: [], open: [] }) });
    renderAt(<KidPeerPracticePage />, { route: '/kids/peer-practice' });
    expect(await screen.findByRole('link', { name: 'Plan practice times (for parents)' })).toHaveAttribute('href', `/kid-peer/dashboard?kid=${KID}`);
  });

  it('lists the times the parent arranged; Join, from 5 minutes before, opens the call in the kids area as the kid', async () => {
    setItem('KID_TOKEN', 'kid-handle');
    window.history.pushState({}, '', '/kids/peer-practice');
    expect(peerAs()).toBe('kid');
    const soon = new Date(Date.now() + 2 * 60_000);
    const later = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 900_000) * 900_000);
    const slot = (id: string, at: Date) => ({ _id: id, startAt: at.toISOString(), endAt: new Date(at.getTime() + 15 * 60_000).toISOString(), lengthMin: 15, mode: 'audio', status: 'booked', role: 'guest', partner: { name: 'Meera', level: 'A2', firstLanguage: 'Tamil' }, callId: null });
    const joined: string[] = [];
    mockFetch({
      'GET /api/kid-peer/slots': () => json({ mine: [slot(KID, soon), slot(SISTER, later)], open: [] }),
      [`POST /api/kid-peer/slots/${KID}/join`]: (_url, init) => {
        joined.push(new Headers(init?.headers).get('x-parley-as') ?? '');
        return json({ callId: SISTER });
      },
    });
    const user = userEvent.setup();
    renderAt(<KidPeerPracticePage />, { route: '/kids/peer-practice' });
    const buttons = await screen.findAllByRole('button', { name: /^Join the practice time on / });
    // Too early: it says so and does nothing, and stays in the tab order (the time to join comes while it has focus).
    expect(buttons[1]).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/You can join at/)).toBeInTheDocument();
    await user.click(buttons[1]!);
    expect(joined).toEqual([]);
    await user.click(buttons[0]!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/kids/peer-call?call=${SISTER}`));
    expect(joined).toEqual(['kid']);
    window.history.pushState({}, '', '/');
  });

  it('a refused Join keeps the focus, unavailable while it ran, and says why', async () => {
    setItem('KID_TOKEN', 'kid-handle');
    const soon = new Date(Date.now() + 2 * 60_000);
    let answer: (response: Response) => void = () => {};
    mockFetch({
      'GET /api/kid-peer/slots': () =>
        json({ mine: [{ _id: KID, startAt: soon.toISOString(), endAt: new Date(soon.getTime() + 15 * 60_000).toISOString(), lengthMin: 15, mode: 'audio', status: 'booked', role: 'guest', partner: { name: 'Meera', level: 'A2', firstLanguage: 'Tamil' }, callId: null }], open: [] }),
      [`POST /api/kid-peer/slots/${KID}/join`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderAt(<KidPeerPracticePage />, { route: '/kids/peer-practice' });
    const join = await screen.findByRole('button', { name: /^Join the practice time on / });
    join.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(join).toHaveAttribute('aria-disabled', 'true'));
    expect(join).toHaveFocus();
    answer(json({ code: 'CONFLICT', message: 'This practice time was cancelled.' }, 409));
    await waitFor(() => expect(join).not.toHaveAttribute('aria-disabled'));
    expect(join).toHaveFocus();
    expect(toast.error).toHaveBeenCalledWith('This practice time was cancelled.', expect.anything());
  });

  it('shows the times in the kid’s timezone, not the parent’s', async () => {
    setItem('KID_TOKEN', 'kid-handle');
    setItem('KID', userRecord({ _id: KID, name: 'Aarav', role: 'kid', timezone: 'America/New_York' }));
    const at = '2030-03-04T15:00:00.000Z';
    mockFetch({
      'GET /api/kid-peer/slots': () =>
        json({ mine: [{ _id: KID, startAt: at, endAt: '2030-03-04T15:15:00.000Z', lengthMin: 15, mode: 'audio', status: 'booked', role: 'guest', partner: null, callId: null }], open: [] }),
    });
    renderAt(<KidPeerPracticePage />, { route: '/kids/peer-practice' });
    expect(await screen.findByText(dateTimeText(at, 'America/New_York'))).toBeInTheDocument();
    expect(dateTimeText(at, 'America/New_York')).not.toBe(dateTimeText(at, 'Asia/Kolkata'));
  });
});

describe('KidPeerPastCallsPage', () => {
  it('pages through a kid’s calls, the keyboard going on from where the new ones start', async () => {
    const calls = Array.from({ length: PEER_PAST_CALLS_PAGE_SIZE + 2 }, (_, i): PeerPastCall => ({
      callId: `c${i}`, partnerName: `Partner ${i + 1}`, mode: 'audio', topicTitle: 'Pets', startedAt: '2030-03-04T09:30:00.000Z', endedAt: '2030-03-04T09:40:00.000Z',
      durationSeconds: 600, chargedMinutes: 10, endReason: 'hangup', myRating: null, reported: false,
    }));
    mockFetch({
      'GET /api/kid-peer/kids': () => json({ kids: [kid()] }),
      [`GET /api/kid-peer/kids/${KID}/calls`]: (url) => {
        const page = Number(url.searchParams.get('page'));
        return json({ items: calls.slice((page - 1) * PEER_PAST_CALLS_PAGE_SIZE, page * PEER_PAST_CALLS_PAGE_SIZE), total: calls.length });
      },
    });
    const user = userEvent.setup();
    renderAt(<KidPeerPastCallsPage />, { route: '/kid-peer/session' });
    expect(await screen.findByText('Partner 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(`Partner ${PEER_PAST_CALLS_PAGE_SIZE + 1}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aarav’s calls, page 2 of 2' })).toHaveFocus();
  });
});

describe('MinutesToGive (on the kids peer plans page)', () => {
  const overview = (availableMinutes: number) => json({ profile: null, availableMinutes, plan: null, refusal: null, suspension: null, warning: null, queued: null, activeCallId: null });

  it('says how many bought minutes wait to be given, and links to where they are given', async () => {
    mockFetch({ 'GET /api/peer/me': () => overview(90) });
    renderAt(<MinutesToGive />, { route: '/kid-peer/subscription-plans' });
    const note = await screen.findByRole('region', { name: 'Minutes to give' });
    expect(note).toHaveTextContent('You have 90 minutes to give to your kids. A plan’s minutes are yours until you give them to a kid on the kids peer profile.');
    expect(within(note).getByRole('link', { name: 'Give minutes' })).toHaveAttribute('href', '/kid-peer/profile');
  });

  it('offers no Give minutes link when there is nothing to give', async () => {
    mockFetch({ 'GET /api/peer/me': () => overview(0) });
    renderAt(<MinutesToGive />, { route: '/kid-peer/subscription-plans' });
    const note = await screen.findByRole('region', { name: 'Minutes to give' });
    expect(note).toHaveTextContent('You have 0 minutes to give to your kids.');
    expect(within(note).queryByRole('link')).toBeNull();
  });
});
