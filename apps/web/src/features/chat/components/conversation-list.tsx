import { recentMessageText, type ChatRoom } from '@parley/domain/chat';
import { formatChatTime } from '../lib/chat-time';
import type { ChatAs } from '../lib/chat-viewer';
import { unreadOf } from '../lib/use-chat-realtime';
import { CounterpartAvatar } from './counterpart-avatar';

type ConversationListProps = {
  rooms: readonly ChatRoom[];
  as: ChatAs;
  selectedId: string | null;
  onSelect: (room: ChatRoom) => void;
  timeZone: string;
  now: Date;
};

/** Chat room: the counterpart's name and image, the recent message with its time, the unread count. */
export function ConversationList({ rooms, as, selectedId, onSelect, timeZone, now }: ConversationListProps) {
  return (
    <ul aria-label="Conversations" className="flex flex-col">
      {rooms.map((room) => {
        const tutorSide = as !== 'teacher';
        const name = tutorSide ? room.teacher.name : room.learner.name;
        const unread = unreadOf(room, as);
        const selected = room._id === selectedId;
        return (
          <li key={room._id}>
            <button
              type="button"
              onClick={() => onSelect(room)}
              data-room-id={room._id}
              aria-current={selected ? 'true' : undefined}
              className={`flex w-full items-center gap-3 border-b border-base-200 px-4 py-3 text-left transition-colors hover:bg-base-200 focus-visible:bg-base-200 focus-visible:outline-none ${
                selected ? 'bg-primary/10' : ''
              }`}
            >
              <CounterpartAvatar name={name} image={tutorSide ? room.teacherImage : null} />
              <span className="min-w-0 flex-1">
                {/* The name is never cut: with large text the time goes below it, and a long name wraps. */}
                <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="min-w-0 font-semibold wrap-anywhere">
                    {name}
                    {!tutorSide && room.forKids ? <span className="badge badge-accent badge-xs ml-2 align-middle">Kid</span> : null}
                  </span>
                  {room.recentMessage ? (
                    <time className="shrink-0 text-xs text-base-content/70" dateTime={room.recentMessage.createdAt}>
                      {formatChatTime(room.recentMessage.createdAt, timeZone, now)}
                    </time>
                  ) : null}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm opacity-70">{room.recentMessage ? recentMessageText(room.recentMessage) : 'No messages yet'}</span>
                  {unread > 0 ? (
                    <span className="badge badge-primary badge-sm shrink-0" aria-label={`${unread} unread`}>
                      {unread}
                    </span>
                  ) : null}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
