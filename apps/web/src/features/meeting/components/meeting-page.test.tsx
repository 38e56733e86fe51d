import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import type { MeetingInfo, MeetingMessage } from '@parley/domain/live-sessions';
import { userRecord } from '../../../test/fixtures';
import { sharedSocket as fake } from '../../../test/fake-socket';
import { json, mockFetch, renderAt } from '../../../test/render';
import { getItem, setItem } from '../../../shared/lib/storage';
import { MeetingPage } from './meeting-page';
import { OFFER_WAIT_MS } from '../../../shared/call/peer-session';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).sharedIo }));

const SESSION_ID = '0b7e6a52-3f1d-4c2e-9d8a-5e4f3c2b1a09';
const ROUTE = `/meeting?session=${SESSION_ID}`;
const LEARNER_ID = '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11';
const TUTOR_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function info(overrides: Partial<MeetingInfo> = {}): MeetingInfo {
  const start = Date.now() + 5 * 60_000;
  return {
    sessionId: SESSION_ID,
    subject: 'English',
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + 25 * 60_000).toISOString(),
    side: 'learner',
    peer: { name: 'Ananya Rao', image: null },
    joinWindow: 'open',
    joinOpensAt: new Date(start - 10 * 60_000).toISOString(),
    status: 'booked',
    iceServers: [{ urls: 'stun:stun.example.org:3478' }],
    ...overrides,
  };
}

function message(overrides: Partial<MeetingMessage> = {}): MeetingMessage {
  return { _id: 'm1', sessionId: SESSION_ID, senderId: TUTOR_ID, senderName: 'Ananya Rao', message: 'Hello Asha', createdAt: '2030-03-04T09:31:00.000Z', ...overrides };
}

// Media devices: tracks that remember enabled and stop; getUserMedia answered per test.
type FakeTrack = { kind: 'audio' | 'video'; enabled: boolean; stop: ReturnType<typeof vi.fn>; getSettings: () => { deviceId: string } };
const fakeTrack = (kind: 'audio' | 'video'): FakeTrack => ({ kind, enabled: true, stop: vi.fn(), getSettings: () => ({ deviceId: kind === 'video' ? 'cam-1' : 'mic-1' }) });
function fakeStream(kinds: ('audio' | 'video')[]) {
  const tracks = kinds.map(fakeTrack);
  return {
    tracks,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  } as unknown as MediaStream & { tracks: FakeTrack[] };
}
const device = (kind: MediaDeviceKind, deviceId: string, label: string) => ({ kind, deviceId, label, groupId: 'g', toJSON: () => ({}) });
const bothDevices = [device('videoinput', 'cam-1', 'Front camera'), device('videoinput', 'cam-2', 'USB camera'), device('audioinput', 'mic-1', 'Built-in microphone')];

function installMedia(getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>, list: ReturnType<typeof device>[] = bothDevices) {
  const media = { getUserMedia: vi.fn(getUserMedia), enumerateDevices: vi.fn(async () => list), addEventListener: vi.fn(), removeEventListener: vi.fn() };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: media });
  return media;
}
const domError = (name: string) => new DOMException(name, name);

class FakeRtc {
  static made: FakeRtc[] = [];
  config: RTCConfiguration;
  added: MediaStreamTrack[] = [];
  closed = false;
  signalingState = 'stable';
  onnegotiationneeded = null;
  onicecandidate = null;
  ontrack = null;
  oniceconnectionstatechange = null;
  constructor(config: RTCConfiguration) {
    this.config = config;
    FakeRtc.made.push(this);
  }
  addTrack(track: MediaStreamTrack) {
    this.added.push(track);
  }
  getTransceivers() {
    return [];
  }
  close() {
    this.closed = true;
  }
}

function signIn() {
  setItem('TOKEN', 'learner-handle');
  setItem('USER', userRecord({ _id: LEARNER_ID, timezone: 'Asia/Kolkata' }));
}

function renderPage(route = ROUTE) {
  return renderAt(<MeetingPage />, { route, path: '/meeting', extra: <Route path="/learner/session" element={<h1>My sessions</h1>} /> });
}

beforeEach(() => {
  fake.reset();
  FakeRtc.made = [];
  vi.stubGlobal('RTCPeerConnection', FakeRtc);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('meeting page: who may open it', () => {
  it('asks a visitor who is not signed in to log in, keeping this page as where to come back', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to join your class' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in as a learner' })).toHaveAttribute('href', '/login');
    await userEvent.click(screen.getByRole('link', { name: 'Log in as a tutor' }));
    expect(getItem('INTENDED_PATH')).toBe(ROUTE);
    expect(screen.getByTestId('location')).toHaveTextContent('/teacher/login');
  });

  it('refuses someone who is neither the learner nor the tutor, with the server’s reason', async () => {
    signIn();
    installMedia(async () => fakeStream(['audio', 'video']));
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json({ code: 'FORBIDDEN', message: 'Only the learner and the tutor of this session can join it.' }, 403) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'You can’t join this class' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only the learner and the tutor of this session can join it.');
  });

  it('a class link whose id was cut or changed says so, without asking the server or offering to try again', async () => {
    signIn();
    const requests = mockFetch({});
    renderPage('/meeting?session=not-a-uuid');
    expect(screen.getByRole('heading', { level: 1, name: 'This class link isn’t right' })).toBeInTheDocument();
    expect(screen.getByText(/Open your class from your sessions list/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(requests).not.toHaveBeenCalled();
  });

  it('a failed load offers to try again', async () => {
    signIn();
    let calls = 0;
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => (++calls === 1 ? json({ code: 'INTERNAL', message: 'db down' }, 500) : json(info())) });
    installMedia(async () => fakeStream(['audio', 'video']));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('db down');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'English class with Ananya Rao' })).toBeInTheDocument();
  });

  it('asks as each session the browser holds: a parent’s own class after the kid’s refusal', async () => {
    signIn();
    setItem('KID_TOKEN', 'kid-handle');
    installMedia(async () => fakeStream(['audio', 'video']));
    const fetch = mockFetch({
      [`GET /api/meeting/${SESSION_ID}`]: (_url, init) =>
        new Headers(init?.headers).get('x-parley-as') === 'kid' ? json({ code: 'FORBIDDEN', message: 'Not your class.' }, 403) : json(info()),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'English class with Ananya Rao' })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('x-parley-as'))).toEqual(['kid', 'learner']);
  });
});

describe('meeting page: the lobby', () => {
  beforeEach(signIn);

  it('shows the preview with device pickers, and Join while the window is open', async () => {
    const media = installMedia(async () => fakeStream(['audio', 'video']));
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info()) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'English class with Ananya Rao' })).toBeInTheDocument();
    expect(screen.getByText('You can join now.')).toBeInTheDocument();
    expect(screen.getByText('It counts as attended when you are in the class for at least half of it: 13 of its 25 minutes.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join class' })).toBeEnabled());
    expect(screen.getByLabelText('Camera')).toHaveValue('cam-1');
    expect(within(screen.getByLabelText('Camera')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Front camera', 'USB camera']);
    expect(screen.getByLabelText('Microphone')).toHaveValue('mic-1');

    await userEvent.selectOptions(screen.getByLabelText('Camera'), 'cam-2');
    await waitFor(() => expect(media.getUserMedia).toHaveBeenCalledTimes(2));
    expect(media.getUserMedia.mock.calls[1]![0].video).toMatchObject({ deviceId: { ideal: 'cam-2' } });
  });

  it('joins muted with the camera off when toggled', async () => {
    const stream = fakeStream(['audio', 'video']);
    installMedia(async () => stream);
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info()) });
    renderPage();
    const mute = await screen.findByRole('button', { name: 'Mute' });
    await waitFor(() => expect(mute).toBeEnabled());
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(mute);
    await userEvent.click(screen.getByRole('button', { name: 'Camera off' }));
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Camera off' })).toHaveAttribute('aria-pressed', 'true');
    expect(stream.tracks.map((t) => t.enabled)).toEqual([false, false]);
    expect(screen.getByText('You will join muted with your camera off.')).toBeInTheDocument();
    expect(screen.getByText('Your camera is off')).toBeInTheDocument();
  });

  it('permission denied: says how to allow it, and still lets them join without camera and microphone', async () => {
    installMedia(async () => {
      throw domError('NotAllowedError');
    });
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info()) });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Camera and microphone are blocked' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Click the camera or lock icon in the address bar, set Camera and Microphone to Allow, then press Try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('You will join without camera and microphone.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join class' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mute' })).toBeDisabled();
  });

  it('no camera or microphone at all: says so and joins without them', async () => {
    const media = installMedia(async () => fakeStream([]), []);
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info()) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No camera or microphone found' })).toBeInTheDocument();
    expect(screen.getByText('You will join without camera and microphone.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join class' })).toBeEnabled();
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('no camera: joins with audio only', async () => {
    installMedia(async () => fakeStream(['audio']), [device('audioinput', 'mic-1', 'Built-in microphone')]);
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info()) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No camera found' })).toBeInTheDocument();
    expect(screen.getByText('You will join with audio only.')).toBeInTheDocument();
    expect(screen.getByText('No camera')).toBeInTheDocument();
  });

  it('camera in use by another app: keeps the microphone and says what to do', async () => {
    installMedia(async (constraints) => {
      if (constraints.video) throw domError('NotReadableError');
      return fakeStream(['audio']);
    });
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info()) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your camera is in use' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Another app or browser tab is using your camera. Close it, then press Try again.');
    expect(screen.getByText('You will join with audio only.')).toBeInTheDocument();
  });

  it('too early: "You can join from" the opening time with a live countdown; Join turns on when it opens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-04T09:15:00.000Z'));
    installMedia(async () => fakeStream(['audio', 'video']));
    mockFetch({
      [`GET /api/meeting/${SESSION_ID}`]: () =>
        json(info({ startAt: '2030-03-04T09:30:00.000Z', endAt: '2030-03-04T09:55:00.000Z', joinOpensAt: '2030-03-04T09:20:00.000Z', joinWindow: 'too-early' })),
    });
    renderPage();
    expect(await screen.findByText('You can join from 2:50 PM')).toBeInTheDocument();
    expect(screen.getByText('Mon, 4 Mar 2030, 3:00 PM–3:25 PM (Asia/Kolkata)')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('5:00');
    const join = screen.getByRole('button', { name: 'Join class' });
    expect(join).toBeDisabled();
    expect(join).toHaveAccessibleDescription('You can join from 2:50 PM');

    vi.setSystemTime(new Date('2030-03-04T09:15:01.000Z'));
    expect(await screen.findByText('4:59', {}, { timeout: 3000 })).toBeInTheDocument();
    vi.setSystemTime(new Date('2030-03-04T09:20:00.000Z'));
    expect(await screen.findByText('You can join now.', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join class' })).toBeEnabled());
  });

  it('too early for a class on another day: "You can join from" says the day too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:00 in Kolkata on 3 March; the class opens at 2:50 PM on the 4th.
    vi.setSystemTime(new Date('2030-03-03T17:30:00.000Z'));
    installMedia(async () => fakeStream(['audio', 'video']));
    mockFetch({
      [`GET /api/meeting/${SESSION_ID}`]: () =>
        json(info({ startAt: '2030-03-04T09:30:00.000Z', endAt: '2030-03-04T09:55:00.000Z', joinOpensAt: '2030-03-04T09:20:00.000Z', joinWindow: 'too-early' })),
    });
    renderPage();
    expect(await screen.findByText('You can join from Mon, 4 Mar, 2:50 PM')).toBeInTheDocument();
  });

  it('a cancellation while waiting shows at once (sessions_changed)', async () => {
    installMedia(async () => fakeStream(['audio', 'video']));
    let status: MeetingInfo['status'] = 'booked';
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info({ status })) });
    renderPage();
    // Join turns on once the socket is there.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join class' })).toBeEnabled());
    status = 'cancelled';
    act(() => fake.serverEmit('sessions_changed', { sessionId: SESSION_ID }));
    expect(await screen.findByText('This class was cancelled.')).toBeInTheDocument();
  });

  it('ended and cancelled classes say so, without starting the camera', async () => {
    const media = installMedia(async () => fakeStream(['audio', 'video']));
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info({ status: 'cancelled' })) });
    const { unmount } = renderPage();
    expect(await screen.findByText('This class was cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join class' })).not.toBeInTheDocument();
    // To the Past tab, where the class is now listed (Upcoming no longer has it).
    expect(screen.getByRole('link', { name: 'Back to my sessions' })).toHaveAttribute('href', '/learner/session?when=past');
    unmount();

    const past = Date.now() - 60 * 60_000;
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info({ startAt: new Date(past).toISOString(), endAt: new Date(past + 25 * 60_000).toISOString(), joinWindow: 'ended' })) });
    renderPage();
    expect(await screen.findByText('This class has ended.')).toBeInTheDocument();
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('an ended class shows its chat, kept with the session, read only', async () => {
    installMedia(async () => fakeStream(['audio', 'video']));
    const past = Date.now() - 60 * 60_000;
    const said = (id: string, senderId: string, senderName: string, message: string, minute: number): MeetingMessage => ({
      _id: id,
      sessionId: SESSION_ID,
      senderId,
      senderName,
      message,
      createdAt: new Date(past + minute * 60_000).toISOString(),
    });
    mockFetch({
      [`GET /api/meeting/${SESSION_ID}`]: () => json(info({ startAt: new Date(past).toISOString(), endAt: new Date(past + 25 * 60_000).toISOString(), joinWindow: 'ended' })),
      [`GET /api/meeting/${SESSION_ID}/messages`]: () =>
        json({ items: [said('m1', TUTOR_ID, 'Ananya Rao', 'Homework: page 12', 3), said('m2', LEARNER_ID, 'Riya Kapoor', 'Thank you!', 4)] }),
    });
    renderPage();
    const chat = await screen.findByRole('region', { name: 'Class chat' });
    const items = within(chat).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/^Ananya Rao .*Homework: page 12$/), expect.stringMatching(/^You .*Thank you!$/)]);
    expect(within(chat).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('an ended class without messages shows no chat', async () => {
    installMedia(async () => fakeStream(['audio', 'video']));
    const past = Date.now() - 60 * 60_000;
    mockFetch({
      [`GET /api/meeting/${SESSION_ID}`]: () => json(info({ startAt: new Date(past).toISOString(), endAt: new Date(past + 25 * 60_000).toISOString(), joinWindow: 'ended' })),
      [`GET /api/meeting/${SESSION_ID}/messages`]: () => json({ items: [] }),
    });
    renderPage();
    expect(await screen.findByText('This class has ended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading the class chat')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Class chat' })).not.toBeInTheDocument();
  });
});

describe('meeting page: in the class', () => {
  beforeEach(signIn);

  async function joinClass(peerPresent: boolean, messages: MeetingMessage[] = [], meeting: Partial<MeetingInfo> = {}) {
    const stream = fakeStream(['audio', 'video']);
    installMedia(async () => stream);
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info(meeting)) });
    fake.answer['meeting:join'] = () => ({ ok: true, data: { side: 'learner', peerPresent, messages } });
    renderPage();
    const join = await screen.findByRole('button', { name: 'Join class' });
    await waitFor(() => expect(join).toBeEnabled());
    await userEvent.click(join);
    return stream;
  }

  it('joins, loads the stored chat, and waits for the tutor', async () => {
    await joinClass(false, [message()]);
    expect(await screen.findByText('Waiting for Ananya Rao to join…')).toBeInTheDocument();
    expect(fake.emitted.find((e) => e.event === 'meeting:join')?.payload).toEqual({ sessionId: SESSION_ID });
    expect(FakeRtc.made).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    // The class starts in 5 minutes.
    expect(screen.getByRole('timer')).toHaveTextContent(/^Starts in \d+:\d\d$/);
    // On a narrow screen the chat starts closed; its toggle opens it.
    const chatToggle = screen.getByRole('button', { name: 'Chat' });
    expect(chatToggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(chatToggle);
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(log).toHaveTextContent('Ananya Rao');
    expect(log).toHaveTextContent('Hello Asha');
  });

  it('connects when the tutor arrives with the ICE servers and its tracks, and waits again when the tutor leaves', async () => {
    const stream = await joinClass(false);
    await screen.findByText('Waiting for Ananya Rao to join…');
    act(() => fake.serverEmit('meeting:peer', { sessionId: SESSION_ID, present: true }));
    expect(await screen.findByText('Connecting to Ananya Rao…')).toBeInTheDocument();
    expect(FakeRtc.made).toHaveLength(1);
    expect(FakeRtc.made[0]!.config.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
    // The tutor just joined and offers first; with no offer coming, the learner offers its tracks itself.
    expect(FakeRtc.made[0]!.added).toEqual([]);
    await waitFor(() => expect(FakeRtc.made[0]!.added).toEqual(stream.tracks), { timeout: OFFER_WAIT_MS + 1_000 });

    act(() => fake.serverEmit('meeting:peer', { sessionId: SESSION_ID, present: false }));
    // Not 'Waiting for Ananya Rao to join…': she was here, and left.
    expect(await screen.findByText('Ananya Rao left the class. Waiting for them to join again…')).toBeInTheDocument();
    expect(FakeRtc.made[0]!.closed).toBe(true);
  });

  it('the tutor arriving while its own join is on its way connects, whatever the join answer says', async () => {
    const stream = fakeStream(['audio', 'video']);
    installMedia(async () => stream);
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info()) });
    // The server read the class before the tutor joined, and the tutor's arrival overtook the answer.
    fake.answer['meeting:join'] = () => {
      fake.serverEmit('meeting:peer', { sessionId: SESSION_ID, present: true });
      return { ok: true, data: { side: 'learner', peerPresent: false, messages: [] } };
    };
    renderPage();
    const join = await screen.findByRole('button', { name: 'Join class' });
    await waitFor(() => expect(join).toBeEnabled());
    await userEvent.click(join);
    expect(await screen.findByText('Connecting to Ananya Rao…')).toBeInTheDocument();
    expect(FakeRtc.made).toHaveLength(1);
    expect(FakeRtc.made[0]!.closed).toBe(false);
    expect(screen.queryByText('Waiting for Ananya Rao to join…')).not.toBeInTheDocument();
  });

  it('tells the tutor when the microphone or camera goes off, and shows the tutor muted when told', async () => {
    await joinClass(true);
    const mediaSent = () => fake.emitted.filter((e) => e.event === 'meeting:signal').map((e) => (e.payload as { signal: { from: string; media?: unknown } }).signal).filter((signal) => signal.from === 'media');
    await waitFor(() => expect(mediaSent().at(-1)).toEqual({ from: 'media', media: { mic: true, camera: true } }));
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(mediaSent().at(-1)).toEqual({ from: 'media', media: { mic: false, camera: true } }));
    await userEvent.click(screen.getByRole('button', { name: 'Camera off' }));
    await waitFor(() => expect(mediaSent().at(-1)).toEqual({ from: 'media', media: { mic: false, camera: false } }));

    expect(screen.getByText('Ananya Rao')).toBeInTheDocument();
    act(() => fake.serverEmit('meeting:signal', { sessionId: SESSION_ID, signal: { from: 'media', media: { mic: false, camera: true } } }));
    expect(await screen.findByText('Ananya Rao (muted)')).toBeInTheDocument();
    // A screen reader is told, as it is of the camera: the caption alone is not announced.
    const micNews = () => screen.getAllByRole('status').map((status) => status.textContent);
    expect(micNews()).toContain('Ananya Rao muted the microphone.');
    act(() => fake.serverEmit('meeting:signal', { sessionId: SESSION_ID, signal: { from: 'media', media: { mic: true, camera: true } } }));
    await waitFor(() => expect(micNews()).toContain('Ananya Rao turned the microphone on.'));
    act(() => fake.serverEmit('meeting:signal', { sessionId: SESSION_ID, signal: { from: 'media', media: { mic: false, camera: true } } }));
    expect(await screen.findByText('Ananya Rao (muted)')).toBeInTheDocument();
    // Leaving forgets it: whoever comes next starts unmuted until they say otherwise.
    act(() => fake.serverEmit('meeting:peer', { sessionId: SESSION_ID, present: false }));
    expect(await screen.findByText('Ananya Rao')).toBeInTheDocument();
    expect(micNews().some((text) => text?.includes('microphone'))).toBe(false);
  });

  it('sends and receives chat messages', async () => {
    await joinClass(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Chat' }));
    fake.answer['meeting:message'] = (payload) => ({ ok: true, data: message({ _id: 'm2', senderId: LEARNER_ID, senderName: 'Asha Verma', message: (payload as { message: string }).message }) });
    await userEvent.type(screen.getByLabelText('Message'), 'Good morning');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(await within(log).findByText('Good morning')).toBeInTheDocument();
    expect(within(log).getByText('You')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('');

    act(() => fake.serverEmit('meeting:message', message({ _id: 'm3', message: 'Shall we start?' })));
    expect(within(log).getByText('Shall we start?')).toBeInTheDocument();
  });

  it('counts as unread only what the tutor writes after this join, not the stored chat a rejoin brings back', async () => {
    // Rejoining with the chat closed (a phone): the tutor's earlier message was read in the first join.
    await joinClass(false, [message()]);
    await screen.findByText('Waiting for Ananya Rao to join…');
    const chatToggle = screen.getByRole('button', { name: 'Chat' });
    expect(chatToggle).toHaveTextContent(/^Chat$/);
    expect(screen.queryByText(/New message from/)).not.toBeInTheDocument();

    act(() => fake.serverEmit('meeting:message', message({ _id: 'm2', message: 'Can you hear me?', createdAt: '2030-03-04T09:32:00.000Z' })));
    expect(chatToggle).toHaveTextContent(/^Chat1$/);
    expect(screen.getByText('New message from Ananya Rao')).toBeInTheDocument();

    // A message missed while offline comes with the rejoin's answer, and counts.
    act(() => {
      fake.connected = false;
      fake.serverEmit('disconnect');
    });
    fake.answer['meeting:join'] = () => ({
      ok: true,
      data: { side: 'learner', peerPresent: false, messages: [message(), message({ _id: 'm2', message: 'Can you hear me?', createdAt: '2030-03-04T09:32:00.000Z' }), message({ _id: 'm3', message: 'Hello?', createdAt: '2030-03-04T09:33:00.000Z' })] },
    });
    act(() => {
      fake.connected = true;
      fake.serverEmit('connect');
    });
    await waitFor(() => expect(chatToggle).toHaveTextContent(/^Chat2$/));

    // Opening the chat reads them.
    await userEvent.click(chatToggle);
    await userEvent.click(chatToggle);
    expect(chatToggle).toHaveTextContent(/^Chat$/);
  });

  it('at the end time the call ends: it leaves, stops the camera and microphone, and says the class has ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-04T09:54:58.000Z'));
    const stream = await joinClass(true, [], { startAt: '2030-03-04T09:30:00.000Z', endAt: '2030-03-04T09:55:00.000Z', joinOpensAt: '2030-03-04T09:20:00.000Z' });
    await screen.findByText('Connecting to Ananya Rao…');
    // Typing in the chat when the time comes.
    await userEvent.click(screen.getByRole('button', { name: 'Chat' }));
    await userEvent.click(screen.getByLabelText('Message'));
    expect(fake.emitted.some((e) => e.event === 'meeting:leave')).toBe(false);
    expect(stream.tracks.some((t) => t.stop.mock.calls.length > 0)).toBe(false);

    vi.setSystemTime(new Date('2030-03-04T09:55:00.000Z'));
    const ended = await screen.findByText('This class has ended.', {}, { timeout: 3000 });
    expect(ended).toHaveAttribute('role', 'status');
    // The note takes focus in an effect after the commit that shows it (the clock's tick is not in act()).
    await waitFor(() => expect(ended).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Back to my sessions' })).toHaveAttribute('href', '/learner/session?when=past');
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(fake.emitted.filter((e) => e.event === 'meeting:leave')).toEqual([{ event: 'meeting:leave', payload: { sessionId: SESSION_ID } }]);
    expect(stream.tracks.every((t) => t.stop.mock.calls.length > 0)).toBe(true);
    expect(FakeRtc.made[0]!.closed).toBe(true);
  });

  it('a cancellation ends the call, waiting or connected: it leaves, stops the camera and microphone, and says the class was cancelled', async () => {
    const stream = await joinClass(false);
    await screen.findByText('Waiting for Ananya Rao to join…');
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info({ status: 'cancelled' })) });
    act(() => fake.serverEmit('sessions_changed', { sessionId: SESSION_ID }));
    const cancelled = await screen.findByText('This class was cancelled.');
    expect(cancelled).toHaveAttribute('role', 'status');
    expect(screen.getByText('Your sessions list says who cancelled it and whether the session was given back.')).toBeInTheDocument();
    await waitFor(() => expect(cancelled).toHaveFocus());
    expect(screen.queryByText('Waiting for Ananya Rao to join…')).not.toBeInTheDocument();
    expect(fake.emitted.filter((e) => e.event === 'meeting:leave')).toEqual([{ event: 'meeting:leave', payload: { sessionId: SESSION_ID } }]);
    expect(stream.tracks.every((t) => t.stop.mock.calls.length > 0)).toBe(true);
  });

  it('before the start the timer counts down to it, then shows the time left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A 25-minute class, joined 4 minutes 5 seconds early.
    vi.setSystemTime(new Date('2030-03-04T09:25:55.000Z'));
    await joinClass(false, [], { startAt: '2030-03-04T09:30:00.000Z', endAt: '2030-03-04T09:55:00.000Z', joinOpensAt: '2030-03-04T09:20:00.000Z' });
    await screen.findByText('Waiting for Ananya Rao to join…');
    expect(screen.getByRole('timer')).toHaveTextContent(/^Starts in 4:05$/);
    vi.setSystemTime(new Date('2030-03-04T09:29:59.500Z'));
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/^Starts in 0:01$/), { timeout: 3000 });
    vi.setSystemTime(new Date('2030-03-04T09:30:00.000Z'));
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/^25:00 left$/), { timeout: 3000 });
    vi.setSystemTime(new Date('2030-03-04T09:41:30.000Z'));
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/^13:30 left$/), { timeout: 3000 });
  });

  it('joining from another tab stops the call here, releases the camera and microphone, and Join here takes it back', async () => {
    const stream = await joinClass(true);
    await screen.findByText('Connecting to Ananya Rao…');
    act(() => fake.serverEmit('meeting:replaced', { sessionId: SESSION_ID }));
    const note = await screen.findByText('You joined this class in another tab or window.');
    expect(note).toHaveAttribute('role', 'status');
    await waitFor(() => expect(note).toHaveFocus());
    expect(stream.tracks.every((t) => t.stop.mock.calls.length > 0)).toBe(true);
    expect(FakeRtc.made[0]!.closed).toBe(true);
    expect(screen.queryByTestId('remote-video')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my sessions' })).toHaveAttribute('href', '/learner/session');
    // The server already took this tab out: it sends no leave, and a reconnect does not take the call back.
    act(() => fake.serverEmit('connect'));
    expect(fake.emitted.filter((e) => e.event === 'meeting:join')).toHaveLength(1);
    expect(fake.emitted.some((e) => e.event === 'meeting:leave')).toBe(false);

    // Join here joins again (the other tab is replaced in turn), with the camera and microphone opened afresh.
    const again = fakeStream(['audio', 'video']);
    installMedia(async () => again);
    await userEvent.click(screen.getByRole('button', { name: 'Join here' }));
    expect(await screen.findByText('Connecting to Ananya Rao…')).toBeInTheDocument();
    expect(fake.emitted.filter((e) => e.event === 'meeting:join')).toHaveLength(2);
    expect(FakeRtc.made).toHaveLength(2);
    expect(FakeRtc.made[1]!.added).toEqual(again.tracks);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('refuses an empty message without sending it', async () => {
    await joinClass(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Chat' }));
    await userEvent.type(screen.getByLabelText('Message'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message')).toBeInTheDocument();
    expect(fake.emitted.some((e) => e.event === 'meeting:message')).toBe(false);
  });

  it('says when it is offline, and rejoins after the socket reconnects', async () => {
    await joinClass(true);
    await screen.findByText('Connecting to Ananya Rao…');
    act(() => {
      fake.connected = false;
      fake.serverEmit('disconnect');
    });
    expect(await screen.findByText('Connection to Parley lost. Reconnecting…')).toBeInTheDocument();
    act(() => {
      fake.connected = true;
      fake.serverEmit('connect');
    });
    await waitFor(() => expect(screen.queryByText('Connection to Parley lost. Reconnecting…')).not.toBeInTheDocument());
    await waitFor(() => expect(fake.emitted.filter((e) => e.event === 'meeting:join')).toHaveLength(2));
    // A rejoin negotiates on a fresh connection.
    await waitFor(() => expect(FakeRtc.made).toHaveLength(2));
    expect(FakeRtc.made[0]!.closed).toBe(true);
  });

  it('asks to join again when the server does not answer', async () => {
    installMedia(async () => fakeStream(['audio', 'video']));
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info()) });
    renderPage();
    const join = await screen.findByRole('button', { name: 'Join class' });
    await waitFor(() => expect(join).toBeEnabled());
    await userEvent.click(join);
    expect(await screen.findByText('Can’t reach the class. Trying again…')).toBeInTheDocument();
    fake.answer['meeting:join'] = () => ({ ok: true, data: { side: 'learner', peerPresent: false, messages: [] } });
    expect(await screen.findByText('Waiting for Ananya Rao to join…', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(fake.emitted.filter((e) => e.event === 'meeting:join')).toHaveLength(2);
  });

  it('shows the server’s refusal at join', async () => {
    installMedia(async () => fakeStream(['audio', 'video']));
    mockFetch({ [`GET /api/meeting/${SESSION_ID}`]: () => json(info()) });
    fake.answer['meeting:join'] = () => ({ ok: false, message: 'This session has ended.' });
    renderPage();
    const join = await screen.findByRole('button', { name: 'Join class' });
    await waitFor(() => expect(join).toBeEnabled());
    await userEvent.click(join);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'You can’t join this class' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('This session has ended.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Back to the lobby' }));
    expect(await screen.findByRole('button', { name: 'Join class' })).toBeInTheDocument();
  });

  it('Leave tells the server, stops the camera and goes back to the sessions page', async () => {
    const stream = await joinClass(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(fake.emitted.filter((e) => e.event === 'meeting:leave')).toEqual([{ event: 'meeting:leave', payload: { sessionId: SESSION_ID } }]);
    expect(await screen.findByRole('heading', { name: 'My sessions' })).toBeInTheDocument();
    expect(stream.tracks.every((t) => t.stop.mock.calls.length > 0)).toBe(true);
    expect(FakeRtc.made[0]!.closed).toBe(true);
  });
});
