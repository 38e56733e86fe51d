import type { MeetingSignal } from '@parley/domain/live-sessions';

// A 1:1 call's WebRTC connection (a class, a peer call), as a state machine with its browser parts injected (the
// RTCPeerConnection constructor, the signalling send, the MediaStream constructor), so it can be
// driven by fakes in tests.
//
// Negotiation follows the "perfect negotiation" pattern: either side may send an offer whenever
// its tracks change; when two offers cross, the polite side (a class's learner, the peer call
// info's polite side) rolls its own back and answers, the impolite side ignores the incoming one.
//
// Lifecycle: `connect()` whenever the other side (re)joins, or this side (re)joins and finds it
// there: it always starts a fresh RTCPeerConnection, because the other side does the same. The
// side that joins offers; the side that heard it join waits for that offer (`waitForOffer`), so
// a join does not make two offers cross (which perfect negotiation survives, but at the cost of
// a rollback whose candidates the other side may never get).
// `peerLeft()` closes it. An offer arriving with no connection opens one (the peer is evidently
// here).
//
// Every connection has an id, and every signal says which connection sent it (`from`) and which
// of ours it answers (`to`, once known). A signal for a connection of ours that is gone is
// dropped; an offer from a connection of theirs we have not seen replaces ours (they started
// afresh: rejoined, or reconnected without our hearing that they left); anything else from a
// connection of theirs that is gone is dropped. So signals that cross a leave, a rejoin or a
// reconnect never reach the wrong connection, whatever the order of join answers and events.
//
// A connection that has not connected within its stall time (the impolite side first, the polite
// side later, doubling after each try) is replaced by a fresh one, whose offer makes the other
// side start afresh too: whatever a crossing of signals lost (candidates of a rolled-back offer,
// an ignored offer), the next pair negotiates from nothing.

export type PeerState = 'waiting' | 'connecting' | 'connected' | 'reconnecting';
export type MediaKind = 'audio' | 'video';

export type PeerSessionOptions = {
  /** Which side yields when offers cross (a class: the learner; a peer call: as its info says). */
  polite: boolean;
  iceServers: RTCIceServer[];
  /** Sends a signal to the other side (meeting:signal, peer:signal). */
  send: (signal: MeetingSignal) => void;
  onRemoteStream: (stream: MediaStream | null) => void;
  onStateChange: (state: PeerState) => void;
  /** A negotiation step failed; the session carries on (the next negotiation may succeed). */
  onError?: (error: unknown) => void;
  /** A connection that did not connect in time was replaced by a fresh one. */
  onStalled?: () => void;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  createStream?: (tracks: MediaStreamTrack[]) => MediaStream;
};

export type PeerSession = {
  readonly state: PeerState;
  /** The track this side sends for a kind (null: sends none); applied to the live connection at once. */
  setOutgoing: (kind: MediaKind, track: MediaStreamTrack | null) => Promise<void>;
  /**
   * The other side is here (again): start a fresh connection and negotiate. `waitForOffer`: the
   * other side has just joined and is about to offer (this side heard it arrive), so this side
   * answers that offer rather than crossing it with its own, and offers itself only if none
   * comes within OFFER_WAIT_MS.
   */
  connect: (options?: { waitForOffer?: boolean }) => void;
  /** A signal the other side sent. Signals are handled one at a time, in order. */
  handleSignal: (signal: MeetingSignal) => Promise<void>;
  /** The other side left: close the connection and wait. */
  peerLeft: () => void;
  /** This side leaves: close everything; later calls do nothing. */
  close: () => void;
};

/** One RTCPeerConnection and its negotiation flags; callbacks from a replaced one are ignored. */
type Link = {
  id: string;
  /** The other side's connection this one is paired with, once a signal from it arrived. */
  remoteId: string | null;
  pc: RTCPeerConnection;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /**
   * Candidates that came while an offer was being ignored (the other side's offer crossed ours).
   * The other side answers ours next, and a browser may keep the rolled-back offer's ICE
   * credentials for that answer without gathering again: these are then its only candidates, so
   * they are tried once more when the answer is applied.
   */
  heldCandidates: RTCIceCandidateInit[];
  settingAnswer: boolean;
  everConnected: boolean;
  remoteTracks: MediaStreamTrack[];
  stallTimer: ReturnType<typeof setTimeout> | undefined;
  /** Whether this side's tracks are on the connection: not yet while it waits for the other side's offer. */
  tracksAdded: boolean;
  waitTimer: ReturnType<typeof setTimeout> | undefined;
};

/** How long a side that heard the other join waits for that side's offer before offering itself. */
export const OFFER_WAIT_MS = 2_000;

/**
 * How long the impolite side's new connection may take to connect before it is replaced; each try
 * in a row waits twice as long (up to 16×). The polite side waits twice as long, so the two rarely
 * both start afresh.
 */
export const PEER_STALL_MS = 10_000;

export function createPeerSession(options: PeerSessionOptions): PeerSession {
  const { polite, send } = options;
  const createPc = options.createPeerConnection ?? ((config: RTCConfiguration) => new RTCPeerConnection(config));
  const createStream = options.createStream ?? ((tracks: MediaStreamTrack[]) => new MediaStream(tracks));
  const report = (error: unknown) => options.onError?.(error);
  const baseStallMs = PEER_STALL_MS * (polite ? 2 : 1);
  /** Connections in a row replaced for not connecting; the next one waits longer. */
  let stalls = 0;

  const outgoing: Record<MediaKind, MediaStreamTrack | null> = { audio: null, video: null };
  let link: Link | null = null;
  let state: PeerState = 'waiting';
  let closed = false;
  let queue: Promise<void> = Promise.resolve();

  const setState = (next: PeerState) => {
    if (next === state) return;
    state = next;
    options.onStateChange(next);
  };

  const sendFrom = (l: Link, signal: Omit<MeetingSignal, 'from' | 'to'>) => send({ from: l.id, ...(l.remoteId ? { to: l.remoteId } : {}), ...signal });

  const sendDescription = (l: Link, description: RTCSessionDescription | null) => {
    if (!description || (description.type !== 'offer' && description.type !== 'answer')) return;
    sendFrom(l, { description: { type: description.type, sdp: description.sdp } });
  };

  function open(remoteId: string | null = null, { waitForOffer = false } = {}): Link {
    const pc = createPc({ iceServers: options.iceServers });
    const l: Link = {
      id: randomLinkId(),
      remoteId,
      pc,
      makingOffer: false,
      ignoreOffer: false,
      heldCandidates: [],
      settingAnswer: false,
      everConnected: false,
      remoteTracks: [],
      stallTimer: setTimeout(() => {
        if (link !== l || l.everConnected || closed) return;
        stalls += 1;
        options.onStalled?.();
        restart();
        open();
      }, baseStallMs * 2 ** Math.min(stalls, 4)),
      tracksAdded: false,
      // No offer came: this side offers (adding its tracks makes the browser ask for one).
      waitTimer: waitForOffer ? setTimeout(() => link === l && addTracks(l), OFFER_WAIT_MS) : undefined,
    };
    pc.onnegotiationneeded = async () => {
      if (link !== l) return;
      try {
        l.makingOffer = true;
        await pc.setLocalDescription();
        if (link === l) sendDescription(l, pc.localDescription);
      } catch (error) {
        report(error);
      } finally {
        l.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      // An empty candidate only says gathering ended; ICE works without passing it on.
      if (link !== l || !candidate || !candidate.candidate) return;
      sendFrom(l, {
        candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex, usernameFragment: candidate.usernameFragment },
      });
    };
    pc.ontrack = ({ track }) => {
      if (link !== l) return;
      if (!l.remoteTracks.includes(track)) l.remoteTracks.push(track);
      options.onRemoteStream(createStream([...l.remoteTracks]));
    };
    pc.oniceconnectionstatechange = () => {
      if (link !== l) return;
      const ice = pc.iceConnectionState;
      if (ice === 'connected' || ice === 'completed') {
        l.everConnected = true;
        stalls = 0;
        clearTimeout(l.stallTimer);
        setState('connected');
      } else if (ice === 'failed') {
        // A changed network (or a TURN relay now needed): gather again and renegotiate.
        setState('reconnecting');
        pc.restartIce();
      } else if (ice === 'disconnected') {
        setState('reconnecting');
      } else if (ice === 'new' || ice === 'checking') {
        setState(l.everConnected ? 'reconnecting' : 'connecting');
      }
    };
    link = l;
    if (!waitForOffer) addTracks(l);
    setState('connecting');
    return l;
  }

  /** Puts this side's tracks on the connection; before an offer is applied, they go out in its answer. */
  function addTracks(l: Link) {
    if (l.tracksAdded) return;
    l.tracksAdded = true;
    clearTimeout(l.waitTimer);
    for (const track of [outgoing.audio, outgoing.video]) if (track) l.pc.addTrack(track);
  }

  function drop() {
    const l = link;
    if (!l) return;
    link = null;
    clearTimeout(l.stallTimer);
    clearTimeout(l.waitTimer);
    l.pc.onnegotiationneeded = null;
    l.pc.onicecandidate = null;
    l.pc.ontrack = null;
    l.pc.oniceconnectionstatechange = null;
    l.pc.close();
    options.onRemoteStream(null);
  }

  /**
   * Drops the connection and starts the signal queue afresh: a step still running on the closed
   * connection may never settle (browsers leave its promise pending), and must not hold up the next.
   */
  function restart() {
    drop();
    queue = Promise.resolve();
  }

  async function applyDescription(l: Link, description: RTCSessionDescriptionInit) {
    const pc = l.pc;
    if (description.type === 'answer' && pc.signalingState !== 'have-local-offer') return; // an answer to an offer rolled back
    const readyForOffer = !l.makingOffer && (pc.signalingState === 'stable' || l.settingAnswer);
    const collision = description.type === 'offer' && !readyForOffer;
    l.ignoreOffer = !polite && collision;
    if (l.ignoreOffer) return;
    l.settingAnswer = description.type === 'answer';
    try {
      await pc.setRemoteDescription(description); // a polite side's own offer is rolled back here
    } finally {
      l.settingAnswer = false;
    }
    if (description.type === 'answer') {
      const held = l.heldCandidates.splice(0);
      // Those of a different ICE session (the answer gathered afresh) are refused: expected.
      for (const candidate of held) await pc.addIceCandidate(candidate).catch(() => undefined);
    }
    if (description.type === 'offer') {
      // The offer awaited: this side's tracks join now, on the transceivers it created.
      addTracks(l);
      await pc.setLocalDescription();
      if (link === l) sendDescription(l, pc.localDescription);
    }
  }

  /**
   * The connection a signal is for: the current one, a new one for an offer from a connection
   * of theirs not seen before, or none (the signal is for a connection that is gone).
   */
  function linkFor({ from, to }: MeetingSignal, isOffer: boolean): Link | null {
    let l = link;
    if (to !== undefined && to !== l?.id) return null; // answers a connection of ours that is gone
    if (l?.remoteId && l.remoteId !== from) {
      if (!isOffer) return null; // from a connection of theirs that is gone
      // They started afresh while this side still held the old pair: an established
      // connection can't take a new peer's offer, a new one can.
      drop();
      l = null;
    }
    if (!l) {
      if (!isOffer) return null;
      return open(from);
    }
    l.remoteId = from;
    return l;
  }

  async function process(signal: MeetingSignal) {
    if (closed) return;
    const { description, candidate } = signal;
    if (description) {
      if (description.type !== 'offer' && description.type !== 'answer') return;
      const init: RTCSessionDescriptionInit = { type: description.type, sdp: description.sdp };
      const l = linkFor(signal, init.type === 'offer');
      if (l) await applyDescription(l, init);
    } else if (candidate) {
      const l = link;
      // Candidates follow their connection's description: none paired yet means it was dropped.
      if (!l || !l.remoteId || linkFor(signal, false) !== l) return;
      try {
        await l.pc.addIceCandidate(candidate);
      } catch (error) {
        // Candidates of an offer this side ignored fail now; they may serve the answer to come.
        if (!l.ignoreOffer) throw error;
        l.heldCandidates.push(candidate);
      }
    }
  }

  async function setOutgoing(kind: MediaKind, track: MediaStreamTrack | null) {
    outgoing[kind] = track;
    const l = link;
    // A connection still waiting for an offer takes the tracks when it adds them.
    if (!l || closed || !l.tracksAdded) return;
    const transceivers = l.pc.getTransceivers().filter((t) => t.currentDirection !== 'stopped' && t.receiver.track.kind === kind);
    const transceiver = transceivers.find((t) => t.sender.track !== null) ?? transceivers[0];
    if (transceiver) {
      // Sending on a transceiver that only received (joined without a camera) renegotiates.
      if (track && transceiver.direction === 'recvonly') transceiver.direction = 'sendrecv';
      if (track && transceiver.direction === 'inactive') transceiver.direction = 'sendonly';
      await transceiver.sender.replaceTrack(track);
    } else if (track) {
      l.pc.addTrack(track);
    }
  }

  return {
    get state() {
      return state;
    },
    setOutgoing,
    connect({ waitForOffer = false } = {}) {
      if (closed) return;
      stalls = 0;
      restart();
      open(null, { waitForOffer });
    },
    handleSignal(signal) {
      queue = queue.then(() => process(signal)).catch(report);
      return queue;
    },
    peerLeft() {
      stalls = 0;
      restart();
      setState('waiting');
    },
    close() {
      closed = true;
      restart();
      setState('waiting');
    },
  };
}

/** A connection id: unique among the few connections of one call (not a secret). */
function randomLinkId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
