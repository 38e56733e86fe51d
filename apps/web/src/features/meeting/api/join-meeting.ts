import { z } from 'zod';
import { meetingMessageSchema, type MeetingMessage } from '@parley/domain/live-sessions';
import { emitWithAck, type ChatSocket } from '../../../shared/lib/socket';

// Socket meeting:join {sessionId} → ack { ok, data: { side, peerPresent, messages } } or
// { ok: false, message }. The server records the presence and tells the other side.

const joinedSchema = z.object({ side: z.enum(['learner', 'tutor']), peerPresent: z.boolean(), messages: z.array(meetingMessageSchema) });
export type Joined = { side: 'learner' | 'tutor'; peerPresent: boolean; messages: MeetingMessage[] };

export type JoinResult = { ok: true; data: Joined } | { ok: false; message: string };

export async function joinMeeting(socket: ChatSocket, sessionId: string): Promise<JoinResult> {
  const result = await emitWithAck(socket, 'meeting:join', { sessionId });
  return result.ok ? { ok: true, data: joinedSchema.parse(result.data) } : result;
}

/** meeting:leave {sessionId}: this side left the class (the server also notices a closed socket). */
export function leaveMeeting(socket: ChatSocket, sessionId: string): void {
  if (socket.connected) socket.emit('meeting:leave', { sessionId });
}
