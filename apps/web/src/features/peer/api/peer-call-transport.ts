import { z } from 'zod';
import { peerCallEndedSchema, peerCallMessageSchema, type PeerCallEnded, type PeerCallMessage } from '@parley/domain/peer';
import type { CallJoined, CallTransport } from '../../../shared/call/call-transport';

// A peer call over the socket, keyed by callId:
//   peer:join {callId} → ack { partnerPresent, startedAt, endsAt, messages }: the call starts on
//     the server when both sides have joined (peer:started {callId, startedAt, endsAt})
//   peer:presence {callId, present}: the partner came or went
//   peer:signal {callId, signal} both ways; peer:message {callId, message} → ack the stored message
//   peer:leave {callId}: this side left the page (the reconnect grace applies)
//   peer:hangup {callId} → ack PeerCallEnded: ends it for both (the other side gets peer:ended)
//   peer:replaced {callId}: this person joined the call from another tab or window, which took
//     this connection out of the call (one connection per person per call)

const joinedSchema = z.object({ partnerPresent: z.boolean(), startedAt: z.string().nullable(), endsAt: z.string().nullable(), messages: z.array(peerCallMessageSchema) });
export type PeerJoined = CallJoined<PeerCallMessage> & { startedAt: string | null; endsAt: string | null };

export const peerCallTransport: CallTransport<'callId', PeerCallMessage, PeerJoined, PeerCallEnded> = {
  key: 'callId',
  join: 'peer:join',
  leave: 'peer:leave',
  signal: 'peer:signal',
  message: 'peer:message',
  hangup: 'peer:hangup',
  presence: 'peer:presence',
  replaced: 'peer:replaced',
  remoteSignal: 'peer:signal',
  remoteMessage: 'peer:message',
  parseJoined: (data) => {
    const joined = joinedSchema.parse(data);
    return { present: joined.partnerPresent, startedAt: joined.startedAt, endsAt: joined.endsAt, messages: joined.messages };
  },
  parseMessage: (data) => peerCallMessageSchema.parse(data),
  parseHangup: (data) => peerCallEndedSchema.parse(data),
};
