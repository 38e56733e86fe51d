import { useState } from 'react';
import type { ChatMessage } from '@parley/domain/chat';
import { isOwnMessage, type ChatAs } from './chat-viewer';

/** What a screen reader hears of one message the other side sent. */
function spoken(message: ChatMessage, name: string): string {
  if (message.type === 'File' && message.file) return `${name} sent a file: ${message.file.name}`;
  if (message.type === 'Session') return `${name} sent a session request`;
  return `${name}: ${message.message}`;
}

type Heard = { roomId: string; /** The newest message accounted for; null until the thread loads. */ seq: number | null; text: string; count: number };

/**
 * What to announce of the messages the other side sent after those on screen when the thread
 * opened: one sentence each, with a count that changes on every announcement (so the same words
 * twice are said twice). Messages read back by Load older come before them and are never
 * announced; nor are the viewer's own.
 */
export function useArrivalAnnouncement(roomId: string, messages: ChatMessage[] | undefined, as: ChatAs, counterpartName: string) {
  const newestSeq = messages ? (messages.at(-1)?.seq ?? 0) : null;
  const [heard, setHeard] = useState<Heard>({ roomId, seq: newestSeq, text: '', count: 0 });
  // Adjusted while rendering (React's pattern for state that follows props): no effect, no extra paint.
  if (heard.roomId !== roomId) {
    setHeard({ roomId, seq: newestSeq, text: '', count: 0 });
  } else if (newestSeq !== null && (heard.seq === null || newestSeq > heard.seq)) {
    const since = heard.seq;
    const arrived = since === null ? [] : messages!.filter((m) => m.seq > since && !isOwnMessage(m, as));
    setHeard(arrived.length > 0 ? { roomId, seq: newestSeq, text: arrived.map((m) => spoken(m, counterpartName)).join('. '), count: heard.count + 1 } : { ...heard, seq: newestSeq });
  }
  return heard.count > 0 ? { text: heard.text, count: heard.count } : null;
}
