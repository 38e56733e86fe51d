import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@parley/domain/messages';
import { isApiError } from '../../../shared/lib/http';
import { useSocket, useSocketConnected } from '../../../shared/lib/socket';
import { notify } from '../../../shared/lib/toast';
import { useNow } from '../../../shared/lib/use-now';
import { EmptyState } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { roomsQueryOptions, useRooms } from '../api/get-rooms';
import { useInitiateRoom } from '../api/initiate-room';
import { chatErrorText } from '../lib/chat-error-text';
import type { ChatViewer } from '../lib/chat-viewer';
import { useChatRealtime } from '../lib/use-chat-realtime';
import { ChatAccessPrompt, type ChatAccessAction } from './chat-access-prompt';
import { ConversationList } from './conversation-list';
import { MessageThread } from './message-thread';
import { NewChatPicker } from './new-chat-picker';

/** Chat access, as the client knows it before asking (the server decides). */
export type ChatAccessState =
  | { state: 'ok' }
  | { state: 'loading' }
  | { state: 'denied'; message: string }
  /** Whether the viewer may chat could not be loaded. */
  | { state: 'error'; message: string; retry: () => void; retrying: boolean };

type ChatPanelProps = {
  viewer: ChatViewer;
  access: ChatAccessState;
  /** Where the access prompt sends the viewer: subscribe (learners) or buy a session (kids). */
  accessAction: ChatAccessAction | null;
  /** Open (or create) the room with this tutor first: the 'Chat' action on a tutor. */
  startWithTutorId?: string | null;
  /** Open this room (the tutor's bell notice of a request links to its room); a later one opens in its place. */
  startWithRoomId?: string | null;
  /** The room opened or left (null) by the viewer: the tutor's page keeps it in its address. */
  onRoomChange?: (roomId: string | null) => void;
  /** A request in the room opened first (by startWithRoomId or startWithTutorId) to bring into view and focus (a bell notice names it), and what to do once it was. */
  linkedRequestId?: string | null;
  onLinkedRequestShown?: () => void;
  /** Called when a link leaves the panel (the drawer closes). */
  onNavigate?: () => void;
  /** The level of the panel's headings: one below the heading it sits under (a drawer's h2 by default, a page's h1). */
  headingLevel?: 2 | 3;
};

const TUTOR_EMPTY_STATE = 'Select a conversation to read and reply';

/**
 * The chat panel: the conversation list and the message area, side by side from md
 * up and one at a time on phones. 'Select a conversation or start a new chat' until a room opens.
 */
export function ChatPanel({ viewer, access, accessAction, startWithTutorId = null, startWithRoomId = null, onRoomChange, linkedRequestId = null, onLinkedRequestShown, onNavigate, headingLevel = 3 }: ChatPanelProps) {
  const { as } = viewer;
  const learnerSide = as !== 'teacher';
  const allowed = access.state === 'ok';
  const queryClient = useQueryClient();
  const socket = useSocket(as, allowed);
  const connected = useSocketConnected(socket);
  const rooms = useRooms(as, allowed);
  const [selectedId, setSelectedId] = useState<string | null>(startWithRoomId);
  const [picking, setPicking] = useState(false);
  const [denied, setDenied] = useState<string | null>(null);
  const [pendingTutorId, setPendingTutorId] = useState<string | null>(null);
  // The room startWithTutorId opened: a linked request is looked for there.
  const [startedRoomId, setStartedRoomId] = useState<string | null>(null);
  const initiate = useInitiateRoom(as === 'teacher' ? 'learner' : as);
  const now = useNow(60_000);
  useChatRealtime(as, socket, selectedId);

  // A link to another room while the panel is open (the bell on this page) opens that room.
  useEffect(() => {
    if (startWithRoomId) setSelectedId(startWithRoomId);
  }, [startWithRoomId]);
  const select = (roomId: string | null) => {
    setSelectedId(roomId);
    onRoomChange?.(roomId);
  };

  const markOpened = (roomId: string) => {
    select(roomId);
    setPicking(false);
    // Opening a room reads it (the server marks it read on load and on join).
    queryClient.setQueryData(roomsQueryOptions(as).queryKey, (list) =>
      list?.map((r) => (r._id === roomId ? (as === 'teacher' ? { ...r, teacherUnread: 0 } : { ...r, learnerUnread: 0 }) : r)),
    );
  };

  const startChat = (teacherId: string, fromLink = false) => {
    setPendingTutorId(teacherId);
    initiate.mutate(teacherId, {
      onSuccess: (room) => {
        if (fromLink) setStartedRoomId(room._id);
        markOpened(room._id);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 403 && (error.code === 'NOT_SUBSCRIBED' || error.code === 'BUY_SESSIONS')) setDenied(error.message);
        else notify.error(chatErrorText(error));
      },
      onSettled: () => setPendingTutorId(null),
    });
  };

  // Leaving the picker or a thread on a phone hides the control that had focus: focus goes back
  // to what opened it (rendered synchronously first, since a hidden element cannot take focus).
  const panel = useRef<HTMLDivElement>(null);
  const newChatButton = useRef<HTMLButtonElement>(null);
  const closePicker = () => {
    flushSync(() => setPicking(false));
    newChatButton.current?.focus();
  };
  const backToList = () => {
    const roomId = selectedId;
    flushSync(() => select(null));
    panel.current?.querySelector<HTMLElement>(`[data-room-id="${roomId}"]`)?.focus();
  };

  const started = useRef(false);
  useEffect(() => {
    if (!allowed || !startWithTutorId || started.current || as === 'teacher') return;
    started.current = true;
    startChat(startWithTutorId, true);
    // A one-time start: re-running would open the room twice.
  }, [allowed, startWithTutorId, as]);

  if (access.state === 'loading') {
    return (
      <div className="flex h-full items-center justify-center" role="status">
        <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
        <span className="sr-only">Loading chat</span>
      </div>
    );
  }
  if (access.state === 'error') {
    return (
      <div className="p-4">
        <RetryAlert message={access.message} onRetry={access.retry} retrying={access.retrying} />
      </div>
    );
  }
  const deniedMessage = access.state === 'denied' ? access.message : denied;
  if (deniedMessage && accessAction) return <ChatAccessPrompt message={deniedMessage} action={accessAction} onNavigate={onNavigate} />;

  const selectedRoom = rooms.data?.find((r) => r._id === selectedId);
  const showArea = selectedId !== null || picking;
  const Heading = `h${headingLevel}` as const;

  return (
    <div ref={panel} className="flex h-full min-h-0">
      <aside aria-label="Conversation list" className={`min-h-0 w-full flex-col border-base-300 md:flex md:w-72 md:max-w-[45%] md:shrink-0 md:border-r ${showArea ? 'hidden' : 'flex'}`}>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300 px-4 py-3">
          <Heading className="font-semibold">Conversations</Heading>
          {learnerSide ? (
            <button ref={newChatButton} type="button" className="btn btn-primary btn-xs" onClick={() => setPicking(true)}>
              New chat
            </button>
          ) : null}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {rooms.isPending ? (
            <div className="space-y-2 p-4" role="status">
              <span className="sr-only">Loading conversations</span>
              <div className="skeleton h-14" />
              <div className="skeleton h-14" />
            </div>
          ) : rooms.isError ? (
            <div role="alert" className="space-y-3 p-4 text-sm">
              <p>{chatErrorText(rooms.error)}</p>
              <button type="button" className="btn btn-sm" onClick={() => void rooms.refetch()}>
                Try again
              </button>
            </div>
          ) : rooms.data.length === 0 ? (
            <p className="p-4 text-sm opacity-70">
              {learnerSide ? 'No conversations yet. Start a new chat with a tutor.' : 'No conversations yet. Learners who message you appear here.'}
            </p>
          ) : (
            <ConversationList rooms={rooms.data} as={as} selectedId={selectedId} onSelect={(room) => markOpened(room._id)} timeZone={viewer.timeZone} now={now} />
          )}
        </div>
      </aside>
      <section aria-label="Message area" className={`min-h-0 min-w-0 flex-1 flex-col md:flex ${showArea ? 'flex' : 'hidden'}`}>
        {picking && as !== 'teacher' ? (
          <NewChatPicker as={as} onPick={startChat} pendingTutorId={pendingTutorId} onCancel={closePicker} />
        ) : selectedId ? (
          <MessageThread
            key={selectedId}
            viewer={viewer}
            roomId={selectedId}
            listedRoom={selectedRoom}
            socket={socket}
            connected={connected}
            onBack={backToList}
            headingLevel={headingLevel}
            linkedRequestId={selectedId === (startWithRoomId ?? startedRoomId) ? linkedRequestId : null}
            onLinkedRequestShown={onLinkedRequestShown}
          />
        ) : pendingTutorId ? (
          <div className="flex h-full items-center justify-center" role="status">
            <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
            <span className="sr-only">Opening the conversation</span>
          </div>
        ) : (
          <div className="flex h-full items-center justify-center p-6">
            {/* The spec's text is the learner's; a tutor cannot start a chat (learners do), so is not told to. */}
            <EmptyState title={learnerSide ? messages.chatEmptyState : TUTOR_EMPTY_STATE} icon="chat" />
          </div>
        )}
      </section>
    </div>
  );
}
