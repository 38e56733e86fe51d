import { z } from 'zod';
import { meetingMessageSchema, type MeetingMessage } from '@parley/domain/live-sessions';
import type { CallJoined, CallTransport } from '../../../shared/call/call-transport';

// The class over the socket, keyed by sessionId:
//   meeting:join {sessionId} → ack { ok, data: { side, peerPresent, messages } } or { ok: false, message }
//     (the server records the presence and tells the other side: meeting:peer {sessionId, present})
//   meeting:signal {sessionId, signal} both ways, relayed to the other side only
//   meeting:message {sessionId, message} → ack with the stored message (stored before the other side gets it)
//   meeting:leave {sessionId}: this side left (the server also notices a closed socket)
//   meeting:replaced {sessionId}: this person joined the class from another tab or window, which
//     took this connection out of the class (one connection per person per class)

const joinedSchema = z.object({ side: z.enum(['learner', 'tutor']), peerPresent: z.boolean(), messages: z.array(meetingMessageSchema) });
export type MeetingJoined = CallJoined<MeetingMessage> & { side: 'learner' | 'tutor' };

export const meetingTransport: CallTransport<'sessionId', MeetingMessage, MeetingJoined> = {
  key: 'sessionId',
  join: 'meeting:join',
  leave: 'meeting:leave',
  signal: 'meeting:signal',
  message: 'meeting:message',
  presence: 'meeting:peer',
  replaced: 'meeting:replaced',
  remoteSignal: 'meeting:signal',
  remoteMessage: 'meeting:message',
  parseJoined: (data) => {
    const joined = joinedSchema.parse(data);
    return { side: joined.side, present: joined.peerPresent, messages: joined.messages };
  },
  parseMessage: (data) => meetingMessageSchema.parse(data),
};
