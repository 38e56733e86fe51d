import { meetingMessageSchema, type MeetingMessage } from '@parley/domain/live-sessions';
import { emitWithAck, type ChatSocket } from '../../../shared/lib/socket';

// Socket meeting:message {sessionId, message} → ack with the stored message (the server stores it
// before it acks and before the other side gets it as meeting:message).

export class MeetingMessageRefused extends Error {
  override readonly name = 'MeetingMessageRefused';
}

export async function sendMeetingMessage(socket: ChatSocket, sessionId: string, message: string): Promise<MeetingMessage> {
  const result = await emitWithAck(socket, 'meeting:message', { sessionId, message });
  if (!result.ok) throw new MeetingMessageRefused(result.message);
  return meetingMessageSchema.parse(result.data);
}

/** Adds messages to a list by _id (an acked message and its broadcast copy are one), oldest first. */
export function mergeMeetingMessages(list: readonly MeetingMessage[], incoming: readonly MeetingMessage[]): MeetingMessage[] {
  const byId = new Map(list.map((m) => [m._id, m]));
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
