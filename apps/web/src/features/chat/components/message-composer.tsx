import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MAX_CHAT_MESSAGE_CHARS } from '@parley/domain/chat';

type MessageComposerProps = {
  /** Sends the text; resolves true when stored, so the box clears (false keeps the draft). */
  onSend: (text: string) => Promise<boolean>;
  /** Anything else the send needs (a slot request needs a time). */
  ready?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Extra controls beside Send (the IELTS file upload). */
  extra?: ReactNode;
};

/**
 * The message box with its Send button: Send is disabled while the message is empty;
 * Enter sends, Shift+Enter starts a new line.
 */
export function MessageComposer({ onSend, ready = true, disabled = false, placeholder = 'Type a message', extra }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const canSend = text.trim().length > 0 && ready && !disabled && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      if (await onSend(text.trim())) setText('');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
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
        className="textarea textarea-bordered min-h-10 flex-1 resize-none py-2 leading-snug"
        placeholder={placeholder}
        value={text}
        maxLength={MAX_CHAT_MESSAGE_CHARS}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn-primary" disabled={!canSend}>
        {sending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        Send
      </button>
    </form>
  );
}
