import type { ChatMessage } from '@parley/domain/chat';

/**
 * Merges messages from any source (the room load, a live new_message, the ack of our own send,
 * the missed list after a reconnect) into one list: one entry per _id, ordered by the room's
 * seq. A later copy of a message replaces the earlier one (message_updated carries the new
 * status), except that a request never goes back to Requested once Booked or Rejected arrived.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) {
    const known = byId.get(message._id);
    const settledAlready = known?.status && known.status !== 'Requested' && message.status === 'Requested';
    if (!settledAlready) byId.set(message._id, message);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The highest seq held: what join_room's afterSeq asks the server to continue from. */
export function lastSeq(messages: readonly ChatMessage[]): number {
  return messages.reduce((max, m) => (m.seq > max ? m.seq : max), 0);
}
