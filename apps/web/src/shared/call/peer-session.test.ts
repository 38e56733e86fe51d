import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeetingSignal } from '@parley/domain/live-sessions';
import { createPeerSession, OFFER_WAIT_MS, PEER_STALL_MS, type PeerSession, type PeerState } from './peer-session';

// A stand-in for RTCPeerConnection that follows the signalling state machine (with the implicit
// rollback browsers do when an offer meets an offer), fires negotiationneeded after addTrack, a
// candidate after each local description and ontrack for what the remote description sends.
// Its SDP is JSON: which connection wrote it and the kinds it sends.

type Kind = 'audio' | 'video';
const track = (kind: Kind, id = `${kind}-${Math.random().toString(36).slice(2)}`) => ({ kind, id }) as unknown as MediaStreamTrack;

class FakeTransceiver {
  direction: RTCRtpTransceiverDirection;
  currentDirection: RTCRtpTransceiverDirection | null = null;
  mid: string | null = null;
  sender: { track: MediaStreamTrack | null; replaceTrack: (t: MediaStreamTrack | null) => Promise<void> };
  receiver: { track: MediaStreamTrack };
  constructor(kind: Kind, sending: MediaStreamTrack | null, direction: RTCRtpTransceiverDirection) {
    this.direction = direction;
    const sender = {
      track: sending,
      replaceTrack: vi.fn(async (t: MediaStreamTrack | null) => {
        sender.track = t;
      }),
    };
    this.sender = sender;
    this.receiver = { track: track(kind) };
  }
}

let pcCount = 0;
class FakePeerConnection {
  readonly id = `pc${++pcCount}`;
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  transceivers: FakeTransceiver[] = [];
  closed = false;
  remoteTypes: string[] = [];
  candidates: RTCIceCandidateInit[] = [];
  rollbacks = 0;
  restartIce = vi.fn();
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: RTCIceCandidate | null }) => void) | null = null;
  ontrack: ((event: { track: MediaStreamTrack }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  private candidateCount = 0;
  /** As in browsers: negotiationneeded waits until no description is being applied and the state is stable. */
  private pending = 0;
  private negotiationNeeded = false;
  constructor(readonly config: RTCConfiguration) {}

  private needNegotiation() {
    this.negotiationNeeded = true;
    this.checkNegotiation();
  }
  private checkNegotiation() {
    queueMicrotask(() => {
      if (this.closed || !this.negotiationNeeded || this.pending > 0 || this.signalingState !== 'stable') return;
      this.negotiationNeeded = false;
      this.onnegotiationneeded?.();
    });
  }

  getTransceivers() {
    return this.transceivers as unknown as RTCRtpTransceiver[];
  }
  addTrack(t: MediaStreamTrack) {
    // As browsers do, a transceiver a remote offer created, never used to send, is reused.
    const unused = this.transceivers.find((x) => x.receiver.track.kind === t.kind && x.sender.track === null && x.direction === 'recvonly');
    if (unused) {
      unused.sender.track = t;
      unused.direction = 'sendrecv';
      this.needNegotiation();
      return unused.sender;
    }
    const transceiver = new FakeTransceiver(t.kind as Kind, t, 'sendrecv');
    this.transceivers.push(transceiver);
    this.needNegotiation();
    return transceiver.sender;
  }
  private sdp() {
    const sends = this.transceivers.filter((t) => t.sender.track && t.direction !== 'recvonly' && t.direction !== 'inactive').map((t) => t.receiver.track.kind);
    return JSON.stringify({ from: this.id, sends });
  }
  async setLocalDescription() {
    this.pending += 1;
    await Promise.resolve();
    this.pending -= 1;
    if (this.closed) throw new Error('closed');
    // Every description this side writes carries all its senders.
    this.negotiationNeeded = false;
    if (this.signalingState === 'stable') {
      this.localDescription = { type: 'offer', sdp: this.sdp() };
      this.signalingState = 'have-local-offer';
    } else if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: this.sdp() };
      this.signalingState = 'stable';
    } else {
      throw new Error(`setLocalDescription in ${this.signalingState}`);
    }
    const n = ++this.candidateCount;
    // Gathering reports candidates in later tasks, after the description's promise settled.
    setTimeout(() => this.onicecandidate?.({ candidate: { candidate: `candidate:${this.id}-${n}`, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: this.id } as RTCIceCandidate }), 0);
  }
  /** Like a browser whose connection closes mid-step: this step's promise never settles. */
  hangNextRemote = false;
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    if (this.hangNextRemote) return new Promise<void>(() => undefined);
    this.pending += 1;
    await Promise.resolve();
    this.pending -= 1;
    if (this.closed) throw new Error('closed');
    this.checkNegotiation();
    const remote = JSON.parse(description.sdp ?? '{}') as { from: string; sends: Kind[] };
    if (this.remoteDescription && JSON.parse(this.remoteDescription.sdp ?? '{}').from !== remote.from) throw new Error('DTLS fingerprint changed');
    this.remoteTypes.push(description.type!);
    if (description.type === 'offer') {
      if (this.signalingState === 'have-local-offer') {
        this.rollbacks += 1;
        this.signalingState = 'stable';
      }
      if (this.signalingState !== 'stable') throw new Error(`offer in ${this.signalingState}`);
      this.signalingState = 'have-remote-offer';
    } else {
      if (this.signalingState !== 'have-local-offer') throw new Error(`answer in ${this.signalingState}`);
      this.signalingState = 'stable';
    }
    this.remoteDescription = description;
    for (const kind of remote.sends) {
      let transceiver = this.transceivers.find((t) => t.receiver.track.kind === kind);
      if (!transceiver) {
        transceiver = new FakeTransceiver(kind, null, 'recvonly');
        this.transceivers.push(transceiver);
      }
      const received = transceiver.receiver.track;
      this.ontrack?.({ track: received });
    }
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    await Promise.resolve();
    if (!this.remoteDescription) throw new Error('no remote description');
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
  }
  setIce(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
}

type Side = {
  session: PeerSession;
  pcs: FakePeerConnection[];
  sent: MeetingSignal[];
  streams: (MediaStream | null)[];
  states: PeerState[];
  errors: unknown[];
  pc: () => FakePeerConnection;
};

function makeSide(polite: boolean, deliver: (signal: MeetingSignal) => void): Side {
  const side: Side = {
    pcs: [],
    sent: [],
    streams: [],
    states: [],
    errors: [],
    pc: () => side.pcs[side.pcs.length - 1]!,
    session: null as unknown as PeerSession,
  };
  side.session = createPeerSession({
    polite,
    iceServers: [{ urls: 'stun:stun.example.org:3478' }],
    send: (signal) => {
      side.sent.push(signal);
      deliver(signal);
    },
    onRemoteStream: (stream) => side.streams.push(stream),
    onStateChange: (state) => side.states.push(state),
    onError: (error) => side.errors.push(error),
    createPeerConnection: (config) => {
      const pc = new FakePeerConnection(config);
      side.pcs.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    createStream: (tracks) => ({ tracks }) as unknown as MediaStream,
  });
  return side;
}

/** A learner (polite) and a tutor (impolite) whose signals reach each other through the relay, in order. */
function pair() {
  const sides: { learner?: Side; tutor?: Side } = {};
  /** Sides whose incoming signals are lost on the way (a relay that drops them). */
  const unreachable = new Set<'learner' | 'tutor'>();
  const via = (to: 'learner' | 'tutor') => (signal: MeetingSignal) => {
    setTimeout(() => {
      if (!unreachable.has(to)) void sides[to]!.session.handleSignal(signal);
    }, 0);
  };
  const learner = makeSide(true, via('tutor'));
  const tutor = makeSide(false, via('learner'));
  Object.assign(sides, { learner, tutor });
  for (const side of [learner, tutor]) {
    void side.session.setOutgoing('audio', track('audio'));
    void side.session.setOutgoing('video', track('video'));
  }
  return { learner, tutor, unreachable };
}

async function settle(rounds = 20) {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

const streamKinds = (stream: MediaStream | null | undefined) =>
  ((stream as unknown as { tracks: MediaStreamTrack[] } | null)?.tracks ?? []).map((t) => t.kind).sort();

describe('peer session: perfect negotiation', () => {
  it('passes the ICE servers to the connection', () => {
    const { learner } = pair();
    learner.session.connect();
    expect(learner.pc().config.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
    expect(learner.states).toEqual(['connecting']);
  });

  it('when both offer at once, the tutor ignores the learner’s offer and the learner rolls back and answers', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await settle();

    expect(learner.sent.filter((s) => s.description?.type === 'offer')).toHaveLength(1);
    expect(tutor.sent.filter((s) => s.description?.type === 'offer')).toHaveLength(1);
    // The impolite tutor never applied the learner's offer; it only took the answer.
    expect(tutor.pc().remoteTypes).toEqual(['answer']);
    // The polite learner rolled its own offer back and answered the tutor's.
    expect(learner.pc().rollbacks).toBe(1);
    expect(learner.pc().remoteTypes).toEqual(['offer']);
    expect(learner.sent.filter((s) => s.description?.type === 'answer')).toHaveLength(1);
    expect(learner.pc().signalingState).toBe('stable');
    expect(tutor.pc().signalingState).toBe('stable');
    // Each side now receives the other's audio and video.
    expect(streamKinds(learner.streams.at(-1))).toEqual(['audio', 'video']);
    expect(streamKinds(tutor.streams.at(-1))).toEqual(['audio', 'video']);
    expect(learner.errors).toEqual([]);
    expect(tutor.errors).toEqual([]);
  });

  it('the side that heard the other join answers its offer instead of crossing it, either way round', async () => {
    for (const joiner of ['learner', 'tutor'] as const) {
      const sides = pair();
      const waiter = joiner === 'learner' ? sides.tutor : sides.learner;
      // The joiner's join answer says the other is here; the other heard it join.
      sides[joiner].session.connect();
      waiter.session.connect({ waitForOffer: true });
      await settle();
      expect(sides[joiner].sent.filter((s) => s.description?.type === 'offer')).toHaveLength(1);
      expect(waiter.sent.filter((s) => s.description?.type === 'offer')).toEqual([]);
      expect(waiter.pc().remoteTypes).toEqual(['offer']);
      expect(sides[joiner].pc().remoteTypes).toEqual(['answer']);
      expect(sides.learner.pc().rollbacks + sides.tutor.pc().rollbacks).toBe(0);
      // Each side sends its audio and video (the waiter's went out in its answer).
      expect(streamKinds(sides.learner.streams.at(-1))).toEqual(['audio', 'video']);
      expect(streamKinds(sides.tutor.streams.at(-1))).toEqual(['audio', 'video']);
      expect([...sides.learner.errors, ...sides.tutor.errors]).toEqual([]);
    }
  });

  it('relays ICE candidates; those of an ignored offer fail quietly and are tried again with the answer', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await settle();

    const sentCandidates = (side: Side) => side.sent.flatMap((s) => (s.candidate ? [s.candidate] : []));
    expect(sentCandidates(tutor)[0]).toEqual({ candidate: `candidate:${tutor.pc().id}-1`, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: tutor.pc().id });
    // The learner got the tutor's offer candidate. The candidate of the learner's ignored offer
    // failed quietly when it came, and was tried again once the learner's answer was applied (a
    // browser may answer with the rolled-back offer's ICE session); the answer's own came after.
    expect(learner.pc().candidates.map((c) => c.candidate)).toContain(`candidate:${tutor.pc().id}-1`);
    expect(tutor.pc().candidates.map((c) => c.candidate)).toEqual([`candidate:${learner.pc().id}-1`, `candidate:${learner.pc().id}-2`]);
    expect(tutor.errors).toEqual([]);
  });

  it('the tutor answers when only the learner offers (no collision)', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    await settle();
    // The offer found the tutor without a connection: it opened one for it.
    expect(tutor.pcs).toHaveLength(1);
    expect(tutor.pc().remoteTypes).toEqual(['offer']);
    expect(learner.pc().remoteTypes).toEqual(['answer']);
    expect(streamKinds(learner.streams.at(-1))).toEqual(['audio', 'video']);
  });

  it('a stray answer or candidate with no connection is dropped', async () => {
    const side = makeSide(true, () => undefined);
    await side.session.handleSignal({ from: 'x', description: { type: 'answer', sdp: '{"from":"x","sends":[]}' } });
    await side.session.handleSignal({ from: 'x', candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 } });
    expect(side.pcs).toHaveLength(0);
    expect(side.errors).toEqual([]);
  });

  it('when the peer leaves, the connection closes and the remote video goes; a rejoin negotiates afresh', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await settle();
    const firstLearnerPc = learner.pc();

    learner.session.peerLeft();
    expect(firstLearnerPc.closed).toBe(true);
    expect(learner.streams.at(-1)).toBeNull();
    expect(learner.session.state).toBe('waiting');
    expect(learner.states.at(-1)).toBe('waiting');

    // The tutor comes back with a fresh connection; both sides start over.
    tutor.session.connect();
    learner.session.connect();
    await settle();
    expect(learner.pcs).toHaveLength(2);
    expect(learner.pc()).not.toBe(firstLearnerPc);
    expect(learner.pc().signalingState).toBe('stable');
    expect(tutor.pc().signalingState).toBe('stable');
    expect(streamKinds(learner.streams.at(-1))).toEqual(['audio', 'video']);
    expect(streamKinds(tutor.streams.at(-1))).toEqual(['audio', 'video']);
    expect([...learner.errors, ...tutor.errors]).toEqual([]);
  });

  it('an offer from the peer’s fresh connection replaces an established one that cannot take it', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await settle();
    const oldTutorPc = tutor.pc();

    // The learner's socket dropped and came back: it starts a fresh connection, while the tutor
    // never heard that it left.
    learner.session.connect();
    await settle();
    expect(oldTutorPc.closed).toBe(true);
    expect(tutor.pcs).toHaveLength(2);
    expect(tutor.pc().remoteTypes).toEqual(['offer']);
    expect(learner.pc().signalingState).toBe('stable');
    expect(streamKinds(tutor.streams.at(-1))).toEqual(['audio', 'video']);
  });

  it('an offer that arrives before this side’s own join answer still ends in one working pair', async () => {
    const { learner, tutor } = pair();
    // The tutor heard the learner join and offered; the offer reached the learner first, then
    // the learner's join answer said the tutor is there.
    tutor.session.connect();
    await settle();
    expect(learner.pcs).toHaveLength(1);
    learner.session.connect();
    await settle();
    expect(learner.pc().signalingState).toBe('stable');
    expect(tutor.pc().signalingState).toBe('stable');
    expect(learner.pc().closed).toBe(false);
    expect(tutor.pc().closed).toBe(false);
    expect(streamKinds(learner.streams.at(-1))).toEqual(['audio', 'video']);
    expect(streamKinds(tutor.streams.at(-1))).toEqual(['audio', 'video']);
    expect([...learner.errors, ...tutor.errors]).toEqual([]);
  });

  it('drops signals for a connection of its own that is gone, and answers or candidates from one of theirs that is gone', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await settle();
    const oldLearnerLink = learner.sent.at(-1)!.from;
    const tutorLink = tutor.sent.at(-1)!.from;
    // The learner rejoined: a fresh connection the tutor pairs with.
    learner.session.connect();
    await settle();
    const pcs = { learner: learner.pcs.length, tutor: tutor.pcs.length };
    const learnerPc = learner.pc();
    const remoteTypes = [...learnerPc.remoteTypes];
    // Late signals of the old pair: for the learner's old connection, or from the tutor's old one.
    await learner.session.handleSignal({ from: tutorLink, to: oldLearnerLink, description: { type: 'offer', sdp: JSON.stringify({ from: 'old', sends: ['audio'] }) } });
    await learner.session.handleSignal({ from: tutorLink, to: oldLearnerLink, candidate: { candidate: 'candidate:late', sdpMid: '0', sdpMLineIndex: 0 } });
    await tutor.session.handleSignal({ from: oldLearnerLink, description: { type: 'answer', sdp: JSON.stringify({ from: 'old', sends: [] }) } });
    await tutor.session.handleSignal({ from: oldLearnerLink, candidate: { candidate: 'candidate:stale', sdpMid: '0', sdpMLineIndex: 0 } });
    expect({ learner: learner.pcs.length, tutor: tutor.pcs.length }).toEqual(pcs);
    expect(learnerPc.remoteTypes).toEqual(remoteTypes);
    expect(learnerPc.candidates.map((c) => c.candidate)).not.toContain('candidate:late');
    expect(tutor.pc().candidates.map((c) => c.candidate)).not.toContain('candidate:stale');
    expect([...learner.errors, ...tutor.errors]).toEqual([]);
  });

  it('every signal names the connection that sent it and, once known, the one it answers', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await settle();
    const learnerAnswer = learner.sent.find((s) => s.description?.type === 'answer')!;
    const tutorOffer = tutor.sent.find((s) => s.description?.type === 'offer')!;
    expect(tutorOffer.to).toBeUndefined();
    expect(learnerAnswer.to).toBe(tutorOffer.from);
    expect(learnerAnswer.from).not.toBe(tutorOffer.from);
    expect(new Set(learner.sent.map((s) => s.from))).toEqual(new Set([learnerAnswer.from]));
  });

  it('a step left pending by a closed connection does not hold up the next connection', async () => {
    const side = makeSide(true, () => undefined);
    const offer = (from: string) => ({ from, description: { type: 'offer' as const, sdp: JSON.stringify({ from, sends: ['audio'] }) } });
    side.session.connect();
    side.pc().hangNextRemote = true;
    void side.session.handleSignal(offer('tutor-1'));
    await settle();
    side.session.peerLeft();
    side.session.connect();
    await side.session.handleSignal(offer('tutor-2'));
    expect(side.pcs).toHaveLength(2);
    expect(side.pc().remoteTypes).toEqual(['offer']);
    expect(side.sent.at(-1)?.description?.type).toBe('answer');
  });

  it('maps ICE states to the call state and restarts ICE when it fails', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await settle();
    const pc = learner.pc();
    pc.setIce('checking');
    pc.setIce('connected');
    expect(learner.session.state).toBe('connected');
    pc.setIce('disconnected');
    expect(learner.session.state).toBe('reconnecting');
    pc.setIce('failed');
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
    pc.setIce('checking');
    expect(learner.session.state).toBe('reconnecting');
    pc.setIce('connected');
    expect(learner.states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('ignores events of a connection it has replaced', async () => {
    const { learner } = pair();
    learner.session.connect();
    const old = learner.pc();
    learner.session.connect();
    const before = learner.states.length;
    old.setIce('connected');
    old.ontrack?.({ track: track('video') });
    expect(learner.states.length).toBe(before);
    expect(learner.streams.at(-1)).toBeNull();
  });

  it('shares the screen by replacing the video track on the existing sender', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await settle();
    const pc = learner.pc();
    const count = pc.transceivers.length;
    const screen = track('video', 'screen');
    await learner.session.setOutgoing('video', screen);
    expect(pc.transceivers).toHaveLength(count);
    const video = pc.transceivers.find((t) => t.receiver.track.kind === 'video')!;
    expect(video.sender.replaceTrack).toHaveBeenCalledWith(screen);
    expect(video.sender.track).toBe(screen);
  });

  it('a side without a camera starts sending video on the transceiver it only received on', async () => {
    const learnerSignals: MeetingSignal[] = [];
    const learner = makeSide(true, (s) => learnerSignals.push(s));
    void learner.session.setOutgoing('audio', track('audio'));
    await learner.session.handleSignal({ from: 'tutor', description: { type: 'offer', sdp: JSON.stringify({ from: 'tutor', sends: ['audio', 'video'] }) } });
    const video = learner.pc().transceivers.find((t) => t.receiver.track.kind === 'video')!;
    expect(video.direction).toBe('recvonly');
    const screen = track('video', 'screen');
    await learner.session.setOutgoing('video', screen);
    expect(video.direction).toBe('sendrecv');
    expect(video.sender.track).toBe(screen);
  });

  it('after close, signals and connects do nothing', async () => {
    const { learner } = pair();
    learner.session.connect();
    learner.session.close();
    learner.session.connect();
    await learner.session.handleSignal({ from: 'tutor', description: { type: 'offer', sdp: JSON.stringify({ from: 'tutor', sends: ['audio'] }) } });
    expect(learner.pcs).toHaveLength(1);
    expect(learner.pcs[0]!.closed).toBe(true);
  });
});

describe('peer session: a connection that does not connect', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const offersFrom = (side: Side) => side.sent.filter((s) => s.description?.type === 'offer');

  it('is replaced by the tutor after 10 s, and the learner follows onto the fresh pair', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await vi.advanceTimersByTimeAsync(100);
    const first = { learner: learner.pc(), tutor: tutor.pc() };
    // Negotiated, but ICE never connects (the candidates a crossing lost).
    first.learner.setIce('checking');
    first.tutor.setIce('checking');

    await vi.advanceTimersByTimeAsync(PEER_STALL_MS - 200);
    expect(tutor.pcs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(first.tutor.closed).toBe(true);
    expect(first.learner.closed).toBe(true);
    expect(tutor.pcs).toHaveLength(2);
    expect(learner.pcs).toHaveLength(2);
    expect(offersFrom(tutor).at(-1)!.from).not.toBe(offersFrom(tutor)[0]!.from);
    expect(learner.pc().remoteTypes).toEqual(['offer']);
    expect(learner.pc().signalingState).toBe('stable');
    expect(tutor.pc().signalingState).toBe('stable');
    expect(learner.session.state).toBe('connecting');

    // The fresh pair connects: nothing is replaced again.
    learner.pc().setIce('connected');
    tutor.pc().setIce('connected');
    await vi.advanceTimersByTimeAsync(10 * PEER_STALL_MS);
    expect(tutor.pcs).toHaveLength(2);
    expect(learner.pcs).toHaveLength(2);
    expect(learner.session.state).toBe('connected');
    expect([...learner.errors, ...tutor.errors]).toEqual([]);
  });

  it('the learner starts afresh itself after twice as long when the tutor does not, waiting longer after each try', async () => {
    const { learner, unreachable } = pair();
    unreachable.add('tutor');
    learner.session.connect();
    await vi.advanceTimersByTimeAsync(2 * PEER_STALL_MS - 100);
    expect(learner.pcs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(learner.pcs).toHaveLength(2);
    expect(offersFrom(learner)).toHaveLength(2);
    // The next try waits twice as long again.
    await vi.advanceTimersByTimeAsync(4 * PEER_STALL_MS - 100);
    expect(learner.pcs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(learner.pcs).toHaveLength(3);
  });

  it('a side waiting for the joiner’s offer offers itself when none comes within 2 s', async () => {
    const { tutor, learner, unreachable } = pair();
    unreachable.add('tutor'); // the joiner's offer never reaches the tutor
    learner.session.connect();
    tutor.session.connect({ waitForOffer: true });
    await vi.advanceTimersByTimeAsync(OFFER_WAIT_MS - 100);
    expect(offersFrom(tutor)).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(offersFrom(tutor)).toHaveLength(1);
    expect(JSON.parse(offersFrom(tutor)[0]!.description!.sdp!).sends.sort()).toEqual(['audio', 'video']);
  });

  it('nothing is replaced once connected, after the peer left, or after close', async () => {
    const { learner, tutor } = pair();
    learner.session.connect();
    tutor.session.connect();
    await vi.advanceTimersByTimeAsync(100);
    tutor.pc().setIce('connected');
    learner.session.peerLeft();
    await vi.advanceTimersByTimeAsync(10 * PEER_STALL_MS);
    expect(tutor.pcs).toHaveLength(1);
    expect(learner.pcs).toHaveLength(1);

    learner.session.connect();
    learner.session.close();
    await vi.advanceTimersByTimeAsync(10 * PEER_STALL_MS);
    expect(learner.pcs).toHaveLength(2);
  });
});
