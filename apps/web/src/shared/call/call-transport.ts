import type { ClientToServerEvents, ServerToClientEvents } from '@parley/domain/chat';
import type { MeetingSignal } from '@parley/domain/live-sessions';
import { emitEventWithAck, type AckEvent, type AckResult, type ChatSocket } from '../lib/socket';

// How a 1:1 call talks to the server over the socket. A class (meeting:* events, keyed by
// sessionId) and a peer call (peer:* events, keyed by callId) follow the same steps — join,
// signal, chat, leave, and for a peer call hang up — so the room hook takes the events' names
// and payload key from a transport, and the types below only accept names whose payloads carry
// that key and what the step sends.

/** The payload field that names the call. */
export type CallKey = 'sessionId' | 'callId';

/** A chat message kept with the call. */
export type CallMessage = { _id: string; senderId: string; senderName: string; message: string; createdAt: string };

/** What a join answers, as the room uses it: whether the other side is there, and the chat so far. */
export type CallJoined<M extends CallMessage> = { present: boolean; messages: M[] };

type PayloadOf<F> = F extends (payload: infer P, ...rest: never[]) => void ? P : never;
/** The events of `Map` whose payload has `key` and `Extra`. */
type EventsWith<Map, K extends CallKey, Extra> = { [E in keyof Map]: PayloadOf<Map[E]> extends Record<K, string> & Extra ? E : never }[keyof Map];

export type CallTransport<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H = never> = {
  key: K;
  /** Records this side's presence; acknowledged with the join answer. */
  join: EventsWith<ClientToServerEvents, K, unknown> & AckEvent;
  /** This side leaves the page (the call may go on). */
  leave: EventsWith<ClientToServerEvents, K, unknown>;
  signal: EventsWith<ClientToServerEvents, K, { signal: MeetingSignal }>;
  message: EventsWith<ClientToServerEvents, K, { message: string }> & AckEvent;
  /** Ends the call for both sides (a class has none: each side just leaves). */
  hangup?: EventsWith<ClientToServerEvents, K, unknown> & AckEvent;
  /** The server's word that the other side came or went. */
  presence: EventsWith<ServerToClientEvents, K, { present: boolean }>;
  /** The server's word that this person joined the call from another tab or window, so this connection is out of it. */
  replaced?: EventsWith<ServerToClientEvents, K, unknown>;
  remoteSignal: EventsWith<ServerToClientEvents, K, { signal: MeetingSignal }>;
  remoteMessage: EventsWith<ServerToClientEvents, K, { message: string }>;
  parseJoined: (data: unknown) => J;
  parseMessage: (data: unknown) => M;
  parseHangup?: (data: unknown) => H;
};

/** The server refused a chat message (its text says why). */
export class CallMessageRefused extends Error {
  override readonly name = 'CallMessageRefused';
}

// The socket by event name: the transport's types above keep each name and its payload a pair.
type LooseSocket = {
  emit: (event: string, payload: Record<string, unknown>) => void;
  on: (event: string, listener: (payload: never) => void) => void;
  off: (event: string, listener: (payload: never) => void) => void;
};
const loose = (socket: ChatSocket) => socket as unknown as LooseSocket;

type AnyTransport<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H> = CallTransport<K, M, J, H>;

/** Joins the call: the server records the presence and answers; a refusal comes back as its text. */
export async function joinCall<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H>(socket: ChatSocket, transport: AnyTransport<K, M, J, H>, id: string): Promise<AckResult<J>> {
  const result = (await emitEventWithAck(socket, transport.join, { [transport.key]: id })) as AckResult<unknown>;
  return result.ok ? { ok: true, data: transport.parseJoined(result.data) } : result;
}

/** This side left the page (the server also notices a closed socket). */
export function leaveCall<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H>(socket: ChatSocket, transport: AnyTransport<K, M, J, H>, id: string): void {
  if (socket.connected) loose(socket).emit(transport.leave, { [transport.key]: id });
}

export function sendCallSignal<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H>(socket: ChatSocket, transport: AnyTransport<K, M, J, H>, id: string, signal: MeetingSignal): void {
  loose(socket).emit(transport.signal, { [transport.key]: id, signal });
}

/** Sends a chat message; answers the stored message (stored before the other side gets it). */
export async function sendCallMessage<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H>(socket: ChatSocket, transport: AnyTransport<K, M, J, H>, id: string, message: string): Promise<M> {
  const result = (await emitEventWithAck(socket, transport.message, { [transport.key]: id, message })) as AckResult<unknown>;
  if (!result.ok) throw new CallMessageRefused(result.message);
  return transport.parseMessage(result.data);
}

/** Ends the call for both sides; answers what the server says about the ended call. */
export async function hangUpCall<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H>(socket: ChatSocket, transport: AnyTransport<K, M, J, H>, id: string): Promise<AckResult<H>> {
  if (!transport.hangup || !transport.parseHangup) throw new Error('This call has no hang-up');
  const result = (await emitEventWithAck(socket, transport.hangup, { [transport.key]: id })) as AckResult<unknown>;
  return result.ok ? { ok: true, data: transport.parseHangup(result.data) } : result;
}

type CallListeners<M> = {
  presence: (present: boolean) => void;
  signal: (signal: MeetingSignal) => void;
  message: (message: M) => void;
  /** This person joined the call elsewhere (only with a transport that has `replaced`). */
  replaced?: () => void;
};

/** Follows the server's events for this call (others are ignored); answers the unsubscribe. */
export function listenToCall<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H>(socket: ChatSocket, transport: AnyTransport<K, M, J, H>, id: string, on: CallListeners<M>): () => void {
  const ours = (payload: Record<string, unknown>) => payload[transport.key] === id;
  const onPresence = (payload: Record<string, unknown> & { present: boolean }) => {
    if (ours(payload)) on.presence(payload.present);
  };
  const onSignal = (payload: Record<string, unknown> & { signal: MeetingSignal }) => {
    if (ours(payload)) on.signal(payload.signal);
  };
  const onMessage = (payload: Record<string, unknown>) => {
    if (!ours(payload)) return;
    let message: M;
    try {
      message = transport.parseMessage(payload);
    } catch (error) {
      console.warn('A chat message the call could not read was dropped', error);
      return;
    }
    on.message(message);
  };
  const onReplaced = (payload: Record<string, unknown>) => {
    if (ours(payload)) on.replaced?.();
  };
  const s = loose(socket);
  s.on(transport.presence, onPresence);
  s.on(transport.remoteSignal, onSignal);
  s.on(transport.remoteMessage, onMessage);
  if (transport.replaced) s.on(transport.replaced, onReplaced);
  return () => {
    s.off(transport.presence, onPresence);
    s.off(transport.remoteSignal, onSignal);
    s.off(transport.remoteMessage, onMessage);
    if (transport.replaced) s.off(transport.replaced, onReplaced);
  };
}

/** Adds messages to a list by _id (an acked message and its broadcast copy are one), oldest first. */
export function mergeCallMessages<M extends CallMessage>(list: readonly M[], incoming: readonly M[]): M[] {
  const byId = new Map(list.map((m) => [m._id, m]));
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
