import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PEER_RECONNECT_GRACE_SECONDS, type PeerCallInfo, type PeerOverview } from '@parley/domain/peer';
import { userRecord } from '../../../test/fixtures';
import { lastFakeSocket, type FakeSocket } from '../../../test/fake-socket';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { PeerCallPage } from './peer-call-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));

const CALL_ID = '2d4c6b8a-0f1e-4d3c-9b5a-7e6f5d4c3b2a';
const ROUTE = `/peer-learning/call?call=${CALL_ID}`;

function callInfo(overrides: Partial<PeerCallInfo> = {}): PeerCallInfo {
  return {
    callId: CALL_ID,
    mode: 'video',
    status: 'matched',
    polite: true,
    partner: { name: 'Ravi Kumar', avatar: '', level: 'B1', firstLanguage: 'Tamil', languages: [], interests: [], availability: '' },
    topic: { title: 'Food from home', prompts: ['Which dish reminds you of home?', 'Can you explain how it is made?'] },
    matchedAt: '2030-03-04T09:30:00.000Z',
    startedAt: null,
    endsAt: null,
    endedAt: null,
    endReason: null,
    reported: false,
    chargedMinutes: null,
    myRating: null,
    durationSeconds: null,
    iceServers: [],
    ...overrides,
  };
}

function overview(availableMinutes: number): PeerOverview {
  return { profile: null, availableMinutes, plan: null, refusal: null, suspension: null, warning: null, queued: null, activeCallId: null };
}

const ended = () => callInfo({ status: 'ended', startedAt: '2030-03-04T09:31:00.000Z', endsAt: '2030-03-04T11:31:00.000Z', endedAt: '2030-03-04T09:43:05.000Z', endReason: 'hangup', chargedMinutes: 13, durationSeconds: 725 });

beforeEach(() => {
  setItem('TOKEN', 'learner-handle');
  setItem('USER', userRecord({ timezone: 'Asia/Kolkata' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const summaryFigure = (term: string) => screen.getByText(term).nextElementSibling;

// In the call: media tracks that remember stopping, a stand-in for RTCPeerConnection, and the
// page's socket answering peer:join as the server does.
type FakeTrack = { kind: 'audio' | 'video'; enabled: boolean; stop: ReturnType<typeof vi.fn>; getSettings: () => { deviceId: string } };
function fakeStream(kinds: ('audio' | 'video')[]) {
  const tracks: FakeTrack[] = kinds.map((kind) => ({ kind, enabled: true, stop: vi.fn(), getSettings: () => ({ deviceId: `${kind}-1` }) }));
  return {
    tracks,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  } as unknown as MediaStream & { tracks: FakeTrack[] };
}
const devices = [
  { kind: 'videoinput', deviceId: 'video-1', label: 'Front camera', groupId: 'g', toJSON: () => ({}) },
  { kind: 'audioinput', deviceId: 'audio-1', label: 'Built-in microphone', groupId: 'g', toJSON: () => ({}) },
];
function installMedia(getUserMedia: () => Promise<MediaStream>) {
  const media = { getUserMedia: vi.fn(getUserMedia), enumerateDevices: vi.fn(async () => devices), addEventListener: vi.fn(), removeEventListener: vi.fn() };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: media });
}
class FakeRtc {
  static made: FakeRtc[] = [];
  added: MediaStreamTrack[] = [];
  closed = false;
  signalingState = 'stable';
  onnegotiationneeded = null;
  onicecandidate = null;
  ontrack = null;
  oniceconnectionstatechange = null;
  constructor() {
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
function answerJoins(socket: FakeSocket) {
  Object.assign(socket, {
    timeout: () => ({
      emit: (event: string, payload: unknown, ack: (error: Error | null, result?: unknown) => void) => {
        socket.emit(event, payload);
        queueMicrotask(() => ack(null, { ok: true, data: { partnerPresent: true, startedAt: null, endsAt: null, messages: [] } }));
      },
    }),
  });
}
/** The call page for `info`, joined with a faked camera, microphone and peer connection, connecting to the partner. */
async function joinedCall(info: PeerCallInfo) {
  FakeRtc.made = [];
  vi.stubGlobal('RTCPeerConnection', FakeRtc);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  const stream = fakeStream(['audio', 'video']);
  installMedia(async () => stream);
  mockFetch({ [`GET /api/peer/calls/${CALL_ID}`]: () => json(info), 'GET /api/peer/me': () => json(overview(120)) });
  const user = userEvent.setup();
  renderAt(<PeerCallPage />, { route: ROUTE });
  const join = await screen.findByRole('button', { name: 'Join call' });
  await waitFor(() => expect(join).toBeEnabled());
  const socket = lastFakeSocket('learner');
  answerJoins(socket);
  await user.click(join);
  expect(await screen.findByText('Connecting to Ravi Kumar…')).toBeInTheDocument();
  return { stream, socket, user };
}
const emittedOf = (socket: FakeSocket, event: string) => socket.emit.mock.calls.filter(([name]) => name === event);

describe('PeerCallPage', () => {
  it('an ended call shows its summary, and the rating is chosen with the keyboard and sent', async () => {
    const ratings: unknown[] = [];
    mockFetch({
      [`GET /api/peer/calls/${CALL_ID}`]: () => json(ended()),
      'GET /api/peer/me': () => json(overview(107)),
      [`POST /api/peer/calls/${CALL_ID}/rating`]: (_url, init) => {
        ratings.push(JSON.parse(String(init?.body)));
        return json({ stars: 4 });
      },
    });
    const user = userEvent.setup();
    renderAt(<PeerCallPage />, { route: ROUTE });

    expect(await screen.findByRole('heading', { name: 'Call ended' })).toBeInTheDocument();
    expect(summaryFigure('Duration')).toHaveTextContent('12 min 5 s');
    expect(summaryFigure('Minutes used')).toHaveTextContent('13');
    await waitFor(() => expect(summaryFigure('Minutes left')).toHaveTextContent('107'));

    // Nothing chosen: Send asks for stars first.
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose from 1 to 5 stars');
    expect(ratings).toHaveLength(0);
    // Focus moves to the stars, marked invalid, so a keyboard user is where the answer goes.
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveAttribute('aria-invalid', 'true');

    const group = screen.getByRole('group', { name: 'How was your call with Ravi Kumar?' });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(ratings).toEqual([{ stars: 4 }]));
    expect(await screen.findByText('You rated this call 4 stars.')).toBeInTheDocument();
    // Sent: the button says so and keeps the focus it had.
    expect(screen.getByRole('button', { name: 'Change rating' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Change rating' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/peer-learning/dashboard');
  });

  it('back in the lobby of a call that has started (a reload), it says the clock is running, not that the partner is joining', async () => {
    mockFetch({
      [`GET /api/peer/calls/${CALL_ID}`]: () => json(callInfo({ status: 'live', startedAt: '2030-03-04T09:31:00.000Z', endsAt: '2030-03-04T11:31:00.000Z' })),
      'GET /api/peer/me': () => json(overview(120)),
    });
    renderAt(<PeerCallPage />, { route: ROUTE });
    expect(await screen.findByText('Your call with Ravi Kumar has started and its clock is running. Join to go back in.')).toBeInTheDocument();
    expect(screen.queryByText(/is joining too/)).toBeNull();
  });

  it('says what the partner’s profile says: the other languages they speak, what they enjoy and when they like to practise, as far as they said', async () => {
    mockFetch({
      [`GET /api/peer/calls/${CALL_ID}`]: () =>
        json(callInfo({ partner: { name: 'Ravi Kumar', avatar: '', level: 'B1', firstLanguage: 'Tamil', languages: ['Telugu', 'Hindi'], interests: ['cricket', 'films'], availability: 'weekday evenings' } })),
      'GET /api/peer/me': () => json(overview(120)),
    });
    const first = renderAt(<PeerCallPage />, { route: ROUTE });
    expect(await screen.findByTestId('partner-about')).toHaveTextContent('Also speaks Telugu, Hindi · Enjoys cricket, films · Likes to practise: weekday evenings');
    first.unmount();

    mockFetch({
      [`GET /api/peer/calls/${CALL_ID}`]: () => json(callInfo({ partner: { name: 'Ravi Kumar', avatar: '', level: 'B1', firstLanguage: 'Tamil', languages: [], interests: ['cricket'], availability: '' } })),
      'GET /api/peer/me': () => json(overview(120)),
    });
    const second = renderAt(<PeerCallPage />, { route: ROUTE });
    expect(await screen.findByTestId('partner-about')).toHaveTextContent(/^Enjoys cricket$/);
    second.unmount();

    mockFetch({ [`GET /api/peer/calls/${CALL_ID}`]: () => json(callInfo()), 'GET /api/peer/me': () => json(overview(120)) });
    renderAt(<PeerCallPage />, { route: ROUTE });
    await screen.findByRole('heading', { name: 'Video call with Ravi Kumar' });
    expect(screen.queryByTestId('partner-about')).toBeNull();
  });

  it('before joining: the lobby, the topic card and that the call is not recorded; peer:ended brings the summary with the server’s figures', async () => {
    mockFetch({ [`GET /api/peer/calls/${CALL_ID}`]: () => json(callInfo({ mode: 'audio' })), 'GET /api/peer/me': () => json(overview(120)) });
    renderAt(<PeerCallPage />, { route: ROUTE });

    expect(await screen.findByRole('heading', { name: 'Audio call with Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your microphone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Camera off' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Food from home' })).toBeInTheDocument();
    expect(screen.getByText('Which dish reminds you of home?')).toBeInTheDocument();
    expect(screen.getByText(/This call is not recorded\./)).toBeInTheDocument();
    expect(await screen.findByText('Ravi Kumar is joining too. The call’s clock starts when you are both in.')).toBeInTheDocument();

    // Another call's end is not this one's.
    act(() => lastFakeSocket('learner').serverEmit('peer:ended', { callId: 'another', reason: 'hangup', durationSeconds: 60, chargedMinutes: 1, remainingMinutes: 1 }));
    expect(screen.queryByRole('heading', { name: 'Call ended' })).toBeNull();

    act(() => lastFakeSocket('learner').serverEmit('peer:ended', { callId: CALL_ID, reason: 'minutes', durationSeconds: 300, chargedMinutes: 5, remainingMinutes: 0 }));
    expect(await screen.findByRole('heading', { name: 'Call ended' })).toHaveFocus();
    expect(screen.getByText('The minutes ran out, so the call ended by itself.')).toBeInTheDocument();
    expect(summaryFigure('Duration')).toHaveTextContent('5 min');
    expect(summaryFigure('Minutes used')).toHaveTextContent('5');
    expect(summaryFigure('Minutes left')).toHaveTextContent('0');
  });

  it('a call the viewer already reported says so, and offers no second report', async () => {
    mockFetch({ [`GET /api/peer/calls/${CALL_ID}`]: () => json({ ...ended(), endReason: 'reported', reported: true }), 'GET /api/peer/me': () => json(overview(107)) });
    renderAt(<PeerCallPage />, { route: ROUTE });
    expect(await screen.findByText('You reported this call.')).toBeInTheDocument();
    expect(screen.getByText('The call ended with your report to the moderators.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report Ravi Kumar' })).toBeNull();
  });

  it('a call reported after it ended (another tab, Past Calls) offers no second report either', async () => {
    mockFetch({ [`GET /api/peer/calls/${CALL_ID}`]: () => json({ ...ended(), reported: true }), 'GET /api/peer/me': () => json(overview(107)) });
    renderAt(<PeerCallPage />, { route: ROUTE });
    expect(await screen.findByText('You reported this call.')).toBeInTheDocument();
    expect(screen.getByText('The call was hung up.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report Ravi Kumar' })).toBeNull();
  });

  it('a call rated before (the summary opened again) shows the stars given, to change', async () => {
    mockFetch({ [`GET /api/peer/calls/${CALL_ID}`]: () => json({ ...ended(), myRating: 4 }), 'GET /api/peer/me': () => json(overview(107)) });
    renderAt(<PeerCallPage />, { route: ROUTE });
    expect(await screen.findByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByText('You rated this call 4 stars.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change rating' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('reporting from the summary turns Report into the note that it is reported', async () => {
    const reports: unknown[] = [];
    mockFetch({
      [`GET /api/peer/calls/${CALL_ID}`]: () => json(ended()),
      'GET /api/peer/me': () => json(overview(107)),
      [`POST /api/peer/calls/${CALL_ID}/report`]: (_url, init) => {
        reports.push(JSON.parse(String(init?.body)));
        return json({ message: 'Thank you. A moderator will look at your report.' });
      },
    });
    const user = userEvent.setup();
    renderAt(<PeerCallPage />, { route: ROUTE });
    await user.click(await screen.findByRole('button', { name: 'Report Ravi Kumar' }));
    await user.type(screen.getByRole('textbox', { name: /What happened/ }), 'Was rude to me.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(reports).toEqual([{ reason: 'Was rude to me.' }]));
    expect(await screen.findByText('You reported this call.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report Ravi Kumar' })).toBeNull();
  });

  it('a call that never started costs nothing and asks for no rating', async () => {
    mockFetch({
      [`GET /api/peer/calls/${CALL_ID}`]: () => json(callInfo({ status: 'ended', endReason: 'no-show', chargedMinutes: 0, durationSeconds: 0, endedAt: '2030-03-04T09:31:00.000Z' })),
      'GET /api/peer/me': () => json(overview(120)),
    });
    renderAt(<PeerCallPage />, { route: ROUTE });
    expect(await screen.findByText('The call never started: you did not both join in time. It cost nothing.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /How was your call/ })).toBeNull();
  });

  it('joining from another tab stops the call here, releases the camera and microphone, and Join here takes it back', async () => {
    const { stream, socket, user } = await joinedCall(callInfo());

    // Another call's word is not this one's.
    act(() => socket.serverEmit('peer:replaced', { callId: 'another' }));
    expect(screen.queryByText('You joined this call in another tab or window.')).toBeNull();

    act(() => socket.serverEmit('peer:replaced', { callId: CALL_ID }));
    const note = await screen.findByText('You joined this call in another tab or window.');
    expect(note).toHaveAttribute('role', 'status');
    await waitFor(() => expect(note).toHaveFocus());
    expect(stream.tracks.every((t) => t.stop.mock.calls.length > 0)).toBe(true);
    expect(FakeRtc.made[0]!.closed).toBe(true);
    expect(screen.queryByTestId('remote-video')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/peer-learning/dashboard');
    // The server already took this tab out: it sends no leave, and a reconnect does not take the call back.
    act(() => socket.serverEmit('connect'));
    expect(emittedOf(socket, 'peer:join')).toHaveLength(1);
    expect(emittedOf(socket, 'peer:leave')).toHaveLength(0);

    // Join here joins again (the other tab is replaced in turn), with the camera and microphone opened afresh.
    const again = fakeStream(['audio', 'video']);
    installMedia(async () => again);
    await user.click(screen.getByRole('button', { name: 'Join here' }));
    expect(await screen.findByText('Connecting to Ravi Kumar…')).toBeInTheDocument();
    expect(emittedOf(socket, 'peer:join')).toEqual([
      ['peer:join', { callId: CALL_ID }],
      ['peer:join', { callId: CALL_ID }],
    ]);
    expect(FakeRtc.made).toHaveLength(2);
    expect(FakeRtc.made[1]!.added).toEqual(again.tracks);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('a partner gone from a started call is said as gone, with the grace before the call ends; back, they are connected to again', async () => {
    const { socket } = await joinedCall(callInfo({ status: 'live', startedAt: '2030-03-04T09:31:00.000Z', endsAt: '2030-03-04T11:31:00.000Z' }));
    act(() => socket.serverEmit('peer:presence', { callId: CALL_ID, present: false }));
    expect(await screen.findByText(`Ravi Kumar left the call or lost the connection. The call ends if they are not back within ${PEER_RECONNECT_GRACE_SECONDS} seconds.`)).toBeInTheDocument();
    act(() => socket.serverEmit('peer:presence', { callId: CALL_ID, present: true }));
    expect(await screen.findByText('Connecting to Ravi Kumar…')).toBeInTheDocument();
  });

  it('a call of someone else is refused with the server’s words', async () => {
    mockFetch({ [`GET /api/peer/calls/${CALL_ID}`]: () => json({ code: 'FORBIDDEN', message: 'You are not part of this call.' }, 403), 'GET /api/peer/me': () => json(overview(120)) });
    renderAt(<PeerCallPage />, { route: ROUTE });
    expect(await screen.findByRole('heading', { name: 'You can’t open this call' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You are not part of this call.');
  });
});
