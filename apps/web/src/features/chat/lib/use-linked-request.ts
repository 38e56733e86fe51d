import { useEffect, useState, type RefObject } from 'react';
import type { ChatMessage } from '@parley/domain/chat';
import { focusInPlace } from '../../../shared/lib/use-focus-hand-off';

/** How long the request a link names stays marked. */
const LINKED_MARK_MS = 4_000;

type LinkedRequestOptions = {
  /** The request the link names (?request=<messageId>), null when none. */
  requestId: string | null;
  /** The room's loaded messages, undefined until they load. */
  messages: readonly ChatMessage[] | undefined;
  /** Holds the thread's items, each carrying its `data-message-id`. */
  thread: RefObject<HTMLElement | null>;
  /** Called once the link has been followed (found or not): the caller drops it. */
  onShown?: () => void;
};

/**
 * A bell notice links to one request: once the room's messages are loaded, that request scrolls
 * to the middle of the thread, is marked for a few seconds and takes the focus on its first action
 * (Book), or itself when decided, so a keyboard user lands there (WCAG 2.4.3). A request older than
 * the loaded messages, or unknown, leaves the thread at its bottom. Returns the marked request's id.
 */
export function useLinkedRequest({ requestId, messages, thread, onShown }: LinkedRequestOptions): string | null {
  const [markedId, setMarkedId] = useState<string | null>(null);
  const loaded = messages !== undefined;

  // Once per link, not again on each new message: `onShown` drops the link.
  useEffect(() => {
    if (!requestId || !messages) return;
    if (messages.some((message) => message._id === requestId)) {
      const item = thread.current?.querySelector<HTMLElement>(`[data-message-id="${requestId}"]`) ?? null;
      focusInPlace(item?.querySelector('button') ?? item);
      item?.scrollIntoView({ block: 'center' });
      setMarkedId(requestId);
    }
    onShown?.();
  }, [requestId, loaded]);

  useEffect(() => {
    if (!markedId) return;
    const timer = setTimeout(() => setMarkedId(null), LINKED_MARK_MS);
    return () => clearTimeout(timer);
  }, [markedId]);

  return markedId;
}
