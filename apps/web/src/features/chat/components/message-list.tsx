import type { ChatMessage } from '@parley/domain/chat';
import type { TutorWeek } from '@parley/domain/chat-slots';
import type { MessageDecision } from '../api/update-message-status';
import { formatChatTime } from '../lib/chat-time';
import { isOwnMessage, type ChatAs } from '../lib/chat-viewer';
import { SessionRequestCard } from './session-request-card';
import { MessageText } from './message-text';

type MessageListProps = {
  messages: readonly ChatMessage[];
  as: ChatAs;
  timeZone: string;
  now: Date;
  counterpartName: string;
  onDecide?: (message: ChatMessage, status: MessageDecision) => void;
  decision?: { messageId: string; status: MessageDecision } | null;
  /** The tutor's week, for the note by Book on a request outside it. */
  tutorHours?: TutorWeek | null;
  /** The request a bell notice's link named, marked for a moment. */
  markedId?: string | null;
};

function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The room's messages in seq order. Every text is rendered as text (React escapes it), never as
 * HTML: a message reading '<script>' shows exactly that. A sender's run of messages with the same
 * shown time has its name over the first and its time under the last; the others keep both for a
 * screen reader only, so each message is still read with who sent it and when.
 */
export function MessageList({ messages, as, timeZone, now, counterpartName, onDecide, decision = null, tutorHours = null, markedId = null }: MessageListProps) {
  const shown = messages.map((message) => ({ message, own: isOwnMessage(message, as), time: formatChatTime(message.createdAt, timeZone, now) }));
  const sameRun = (a: (typeof shown)[number] | undefined, b: (typeof shown)[number] | undefined) => !!a && !!b && a.own === b.own && a.time === b.time;
  return (
    <ol aria-label="Messages" className="flex flex-col">
      {shown.map(({ message, own, time }, index) => {
        const continues = sameRun(shown[index - 1], shown[index]);
        const continued = sameRun(shown[index], shown[index + 1]);
        return (
          <li
            key={message._id}
            className={`chat ${own ? 'chat-end' : 'chat-start'} ${continues ? 'mt-1' : index > 0 ? 'mt-3' : ''} ${message._id === markedId ? 'rounded-box outline-2 outline-offset-4 outline-primary' : ''}`}
            data-testid="chat-message"
            data-message-id={message._id}
          >
            <div className={`chat-header mb-0.5 min-w-0 text-xs wrap-anywhere opacity-70 ${continues ? 'sr-only' : ''}`}>{own ? 'You' : counterpartName}</div>
            <div
              className={`chat-bubble max-w-[85%] ${
                message.type === 'Session' ? 'chat-bubble-neutral bg-base-100 text-base-content border border-base-300 shadow-sm' : own ? 'chat-bubble-primary' : ''
              } ${continued ? 'rounded-(--radius-field) before:hidden' : ''}`}
            >
              {message.type === 'Session' ? (
                <SessionRequestCard
                  message={message}
                  as={as}
                  timeZone={timeZone}
                  now={now}
                  onDecide={onDecide}
                  deciding={decision?.messageId === message._id ? decision.status : null}
                  tutorHours={tutorHours}
                />
              ) : message.type === 'File' && message.file ? (
                <a href={message.file.url} download={message.file.name} className="link inline-flex items-center gap-2 break-all">
                  <svg viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  <span>{message.file.name}</span>
                  {/* In full colour: faded, it fell under 4.5:1 on the own bubble's primary. */}
                  <span>({formatBytes(message.file.size)})</span>
                </a>
              ) : (
                <p className="whitespace-pre-wrap break-words">
                  <MessageText text={message.message} />
                </p>
              )}
            </div>
            <time className={`chat-footer mt-0.5 text-xs text-base-content/70 ${continued ? 'sr-only' : ''}`} dateTime={message.createdAt}>
              {time}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
