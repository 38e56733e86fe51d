import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { meetingMessagePayload } from '@parley/domain/live-sessions';
import { clockTime } from './call-time';
import { CallMessageRefused, type CallMessage } from './call-transport';

type CallChatProps<M extends CallMessage> = {
  id: string;
  hidden: boolean;
  messages: M[];
  isMine: (message: M) => boolean;
  timeZone: string;
  onSend: (text: string) => Promise<void>;
  /** Sending needs the call joined and the socket up. */
  canSend: boolean;
};

type UnreadOptions<M extends CallMessage> = {
  messages: M[];
  /** The chat as the first join answer brought it (undefined until then). */
  history: M[] | undefined;
  chatOpen: boolean;
  isMine: (message: M) => boolean;
};

/**
 * The other side's messages this person has not seen: those that came while the chat was closed.
 * What the first join answer loads was there before this join (read in an earlier one, or waiting
 * in the log), so it never counts: a rejoin starts with nothing unread. A later answer (a rejoin
 * after a drop) may bring messages missed meanwhile, and those do count.
 */
export function useUnreadCallMessages<M extends CallMessage>({ messages, history, chatOpen, isMine }: UnreadOptions<M>): M[] {
  const [historyIds, setHistoryIds] = useState<ReadonlySet<string> | null>(null);
  // Set while rendering, not in an effect: the history must not show as unread even for one frame.
  if (historyIds === null && history) setHistoryIds(new Set(history.map((m) => m._id)));
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (chatOpen) setReadIds(new Set(messages.map((m) => m._id)));
  }, [chatOpen, messages]);
  if (chatOpen || historyIds === null) return [];
  return messages.filter((m) => !historyIds.has(m._id) && !readIds.has(m._id) && !isMine(m));
}

type CallMessageListProps<M extends CallMessage> = { messages: M[]; isMine: (message: M) => boolean; timeZone: string; empty?: string };

/** A call's messages in order, the person's own on the right: the chat during the call, and its record after. */
export function CallMessageList<M extends CallMessage>({ messages, isMine, timeZone, empty }: CallMessageListProps<M>) {
  return (
    <ol className="space-y-3">
      {messages.length === 0 && empty ? <li className="text-sm text-base-content/70">{empty}</li> : null}
      {messages.map((message) => {
        const mine = isMine(message);
        return (
          <li key={message._id} className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
            <p className="text-xs text-base-content/70">
              <span className="font-semibold">{mine ? 'You' : message.senderName}</span>{' '}
              <time dateTime={message.createdAt}>{clockTime(new Date(message.createdAt), timeZone)}</time>
            </p>
            <p className={`mt-0.5 max-w-[85%] whitespace-pre-wrap break-words rounded-box px-3 py-2 text-sm ${mine ? 'bg-primary text-primary-content' : 'bg-base-200'}`}>{message.message}</p>
          </li>
        );
      })}
    </ol>
  );
}

/** A call's text chat (a class's, a peer call's): stored with the call, new messages announced politely. */
export function CallChat<M extends CallMessage>({ id, hidden, messages, isMine, timeZone, onSend, canSend }: CallChatProps<M>) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    const element = list.current;
    if (element && !hidden) element.scrollTop = element.scrollHeight;
  }, [messages.length, hidden]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !canSend) return;
    const parsed = meetingMessagePayload.safeParse({ message: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a message');
      return;
    }
    setSending(true);
    try {
      await onSend(parsed.data.message);
      setText('');
      setError(null);
    } catch (failure) {
      setError(failure instanceof CallMessageRefused ? failure.message : 'Your message was not sent. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section id={id} hidden={hidden} aria-labelledby={`${id}-heading`} className="flex max-h-[70vh] min-h-72 flex-col rounded-box border border-base-300 bg-base-100 lg:max-h-[calc(100vh-12rem)]">
      <h2 id={`${id}-heading`} className="border-b border-base-300 px-4 py-3 font-semibold">
        Chat
      </h2>
      {/* The log is a region around the list (a list given the log role would leave its items without a list). */}
      <div ref={list} role="log" aria-live="polite" aria-label="Chat messages" tabIndex={0} className="min-h-0 flex-1 overflow-y-auto p-4">
        <CallMessageList messages={messages} isMine={isMine} timeZone={timeZone} empty="No messages yet." />
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-base-300 p-3" noValidate>
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <input
          id={inputId}
          className="input input-sm min-w-0 flex-1"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Write a message"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="btn btn-primary btn-sm" aria-disabled={sending || !canSend || undefined}>
          Send
        </button>
      </form>
      {error ? (
        <p id={errorId} role="alert" className="px-3 pb-3 text-sm text-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
