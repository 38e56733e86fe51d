import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { chatMessageLength, hasVisibleCharacter, MAX_CHAT_MESSAGE_CHARS } from '@parley/domain/chat';
import { countOf } from '@parley/domain/plural';

/** How near the limit a message is when the box starts saying what is left. */
const COUNT_FROM = MAX_CHAT_MESSAGE_CHARS - 200;

type MessageComposerProps = {
  /** Sends the text; resolves true when stored (false puts the words back in the box). */
  onSend: (text: string) => Promise<boolean>;
  /** Anything else the send needs (a slot request needs a time). */
  ready?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Extra controls beside Send (the IELTS file upload). */
  extra?: ReactNode;
  /** A message onSend said had failed but which was stored after all: the box empties if it still holds it. */
  sentAfterAll?: { id: string; text: string } | null;
};

/**
 * The message box with its Send button: Send is unavailable while the message shows nothing or is too long
 * (marked, not disabled, so a press on it keeps the focus when the sent message empties the box);
 * Enter sends, Shift+Enter starts a new line. A long message is kept whole (no maxLength, which
 * would cut a paste without a word): near the limit the box says what is left, and past it how
 * much to cut.
 */
export function MessageComposer({ onSend, ready = true, disabled = false, placeholder = 'Type a message', extra, sentAfterAll = null }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [lateSeen, setLateSeen] = useState<string | null>(null);
  if (sentAfterAll && sentAfterAll.id !== lateSeen) {
    setLateSeen(sentAfterAll.id);
    if (text.trim() === sentAfterAll.text) setText('');
  }
  const [sending, setSending] = useState(false);
  /** Whether a message is on its way (read at once, before `sending` renders). */
  const inFlight = useRef(false);
  /** Enter pressed while a message was on its way: the box is sent once that one is stored. */
  const [queued, setQueued] = useState(false);
  const inputId = useId();
  const countId = `${inputId}-count`;
  // The server's own count and rule (domain/chat), so the box never offers what the server refuses.
  const length = chatMessageLength(text.trim());
  const over = length - MAX_CHAT_MESSAGE_CHARS;
  const canSend = hasVisibleCharacter(text) && over <= 0 && ready && !disabled;

  // The box empties as soon as a message goes, so what is typed next is never taken with it or
  // wiped by its answer; a send that fails puts its words back, before anything typed since.
  const send = async () => {
    if (!canSend) return;
    if (inFlight.current) return setQueued(true);
    const sent = text;
    inFlight.current = true;
    setSending(true);
    setText('');
    let stored = false;
    try {
      stored = await onSend(sent.trim());
    } finally {
      inFlight.current = false;
      setSending(false);
      if (!stored) {
        setQueued(false);
        setText((now) => (hasVisibleCharacter(now) ? `${sent.trim()}\n${now}` : sent));
      }
    }
  };
  // Sent with this render's words and form (a slot request's time), after the one before it.
  useEffect(() => {
    if (sending || !queued) return;
    setQueued(false);
    void send();
  }, [sending, queued]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="space-y-1">
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {extra}
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          rows={1}
          // As tall as its text (or its hint, wrapped on a narrow screen), up to a few lines, then it scrolls.
          className="textarea textarea-bordered field-sizing-content min-h-10 max-h-36 flex-1 resize-none py-2 leading-snug"
          placeholder={placeholder}
          value={text}
          disabled={disabled}
          aria-invalid={over > 0 || undefined}
          aria-describedby={length >= COUNT_FROM ? countId : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary" aria-disabled={!canSend || undefined}>
          {sending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Send
        </button>
      </form>
      {over > 0 ? (
        <p id={countId} role="alert" className="text-xs text-error">
          {countOf(over, 'character')} too many: a message can be up to {MAX_CHAT_MESSAGE_CHARS.toLocaleString('en')} characters.
        </p>
      ) : length >= COUNT_FROM ? (
        <p id={countId} className="text-xs text-base-content/70">
          {countOf(MAX_CHAT_MESSAGE_CHARS - length, 'character')} left
        </p>
      ) : null}
    </div>
  );
}
