import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessage, ChatRoom } from '@parley/domain/chat';
import { teaches, teachesKids } from '@parley/domain/kids';
import { messages as texts } from '@parley/domain/messages';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';
import type { ChatSocket } from '../../../shared/lib/socket';
import { isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { useFocusWhenGone } from '../../../shared/lib/use-focus-hand-off';
import { useLoadOlderMessages, useRoomThread } from '../api/get-room-thread';
import { useSendChatMessage } from '../api/send-chat-message';
import { useUpdateMessageStatus, type MessageDecision } from '../api/update-message-status';
import { chatErrorText } from '../lib/chat-error-text';
import { formatClock24 } from '../lib/chat-time';
import { isOwnMessage, sideOf, type ChatViewer } from '../lib/chat-viewer';
import { useArrivalAnnouncement } from '../lib/use-arrival-announcement';
import { useLinkedRequest } from '../lib/use-linked-request';
import { useRoomSync } from '../lib/use-room-sync';
import { CounterpartAvatar } from './counterpart-avatar';
import { FileUploadButton } from './file-upload-button';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { SlotRequest, useSlotRequestState } from './slot-request';
import { useRequestClock } from './session-request-card';
import { newRequestKey } from '../../../shared/lib/request-key';

/** How near the foot of the thread counts as reading the newest messages. */
const FOOT_SLACK_PX = 48;

type MessageThreadProps = {
  viewer: ChatViewer;
  roomId: string;
  /** The room as the conversation list knows it (the thread load refreshes it). */
  listedRoom: ChatRoom | undefined;
  socket: ChatSocket | null;
  connected: boolean;
  onBack: () => void;
  /** The chat panel's heading level: the counterpart's name heads the thread. */
  headingLevel: 2 | 3;
  /** The request a bell notice links to: shown once the messages load (see useLinkedRequest). */
  linkedRequestId?: string | null;
  onLinkedRequestShown?: () => void;
};

/** The message area: the open room's messages, live, with the composer and (for learners) the request-slot form. */
export function MessageThread({ viewer, roomId, listedRoom, socket, connected, onBack, headingLevel, linkedRequestId = null, onLinkedRequestShown }: MessageThreadProps) {
  const { as, timeZone } = viewer;
  const thread = useRoomThread(as, roomId);
  useRoomSync(as, socket, roomId, thread.isSuccess);
  const send = useSendChatMessage(as, socket);
  const decide = useUpdateMessageStatus();
  const once = useSingleFlight();
  const [decision, setDecision] = useState<{ messageId: string; status: MessageDecision } | null>(null);
  const [chosenMode, setMode] = useState<'text' | 'slot'>('text');
  const scroller = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** The text message being sent, with its id, until the server has stored it. */
  const unsent = useRef<{ text: string; id: string } | null>(null);
  /** A text said to have failed (its answer never came): its stored copy may still arrive. */
  const [failedDraft, setFailedDraft] = useState<{ text: string; id: string } | null>(null);

  const room = thread.data?.room ?? listedRoom;
  const messages = thread.data?.messages;
  const now = useRequestClock(messages);
  // It did: the message is sent after all, and the box that kept it for another try empties.
  const sentAfterAll = failedDraft && messages?.some((m) => m.clientMessageId === failedDraft.id) ? failedDraft : null;
  useEffect(() => {
    if (!sentAfterAll) return;
    if (unsent.current?.id === sentAfterAll.id) unsent.current = null;
    setFailedDraft(null);
    notify.success(texts.chatSentAfterAll);
  }, [sentAfterAll]);
  // A link to a room nobody has (cut short, mistyped, or another person's): asking again cannot help.
  const gone = isApiError(thread.error) && thread.error.status === 404;
  const counterpartName = room ? (as === 'teacher' ? room.learner.name : room.teacher.name) : '';
  // A slot is requested in a subject the learner may request and the tutor teaches (a kid's: teaches kids).
  const tutorSubjects = room?.teacher.subjects;
  const requestSubjects = useMemo(
    () => viewer.requestSubjects.filter((s) => !tutorSubjects || teaches(tutorSubjects, s, viewer.as === 'kid')),
    [viewer.requestSubjects, viewer.as, tutorSubjects],
  );
  const slotViewer = useMemo(() => ({ ...viewer, requestSubjects }), [viewer, requestSubjects]);
  const slot = useSlotRequestState(slotViewer);
  const teachesNone = as !== 'teacher' && requestSubjects.length === 0;
  const canRequestSlots = as !== 'teacher' && !teachesNone;
  // "Request a slot" chosen before the room said the tutor teaches none of the learner's subjects: back to text.
  const mode = canRequestSlots ? chosenMode : 'text';
  const Heading = `h${headingLevel}` as const;

  // A thread opens on a choice (a conversation, a tutor in New chat) whose button then goes away
  // or hides: focus moves to the thread's heading instead of falling back to the page.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // The thread follows new messages while the reader is at its foot (or wrote the new one
  // themselves); a reader scrolled up to older ones stays where they are and is told of new ones
  // below. Older ones loaded above keep in view what was on screen.
  const loadOlder = useLoadOlderMessages(as, roomId);
  const atFoot = useRef(true);
  /** While Load older runs: the thread's height and first message then, to keep in view what was on screen. */
  const olderFrom = useRef<{ height: number; firstId: string | undefined } | null>(null);
  const [newBelow, setNewBelow] = useState(false);
  const lastMessage = messages?.at(-1);
  const newest = lastMessage?._id;
  const newestIsOwn = lastMessage ? isOwnMessage(lastMessage, as) : false;
  const oldest = messages?.[0]?._id;
  const view = `${roomId}|${mode}`;
  const shownView = useRef<string | null>(null);
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const older = olderFrom.current;
    if (older && oldest !== older.firstId) {
      node.scrollTop += node.scrollHeight - older.height;
      olderFrom.current = null;
      return;
    }
    if (shownView.current !== view || atFoot.current || newestIsOwn) {
      shownView.current = view;
      node.scrollTop = node.scrollHeight;
      atFoot.current = true;
      setNewBelow(false);
    } else {
      setNewBelow(true);
    }
  }, [view, newest, newestIsOwn, oldest]);
  const onScroll = () => {
    const node = scroller.current;
    if (!node) return;
    atFoot.current = node.scrollHeight - node.scrollTop - node.clientHeight < FOOT_SLACK_PX;
    if (atFoot.current) setNewBelow(false);
  };
  const toNewest = () => {
    const node = scroller.current;
    if (node) node.scrollTop = node.scrollHeight;
    atFoot.current = true;
    setNewBelow(false);
  };
  const showOlder = () => {
    if (loadOlder.isPending) return;
    olderFrom.current = { height: scroller.current?.scrollHeight ?? 0, firstId: oldest };
    loadOlder.mutate(undefined, {
      onSuccess: (page) => {
        if (page.messages.length === 0) olderFrom.current = null;
      },
      onError: (error) => {
        olderFrom.current = null;
        notify.error(chatErrorText(error));
      },
    });
  };
  // Load older goes once the first message is reached: the thread takes its focus.
  useFocusWhenGone(thread.data?.hasOlder ?? false, scroller);
  // The thread is not a live region (it would read out what Load older puts above as if new): a
  // polite status beside it says what the other side sends while it is open.
  const arrival = useArrivalAnnouncement(roomId, messages, as, counterpartName);
  // After the scroll to the bottom and the heading's focus above, which a linked request overrides.
  const markedId = useLinkedRequest({ requestId: linkedRequestId, messages, thread: scroller, onShown: onLinkedRequestShown });

  // One decision at a time: a double click's second press lands before `decision` renders.
  const onDecide = (message: ChatMessage, status: MessageDecision) =>
    once((done) => {
      setDecision({ messageId: message._id, status });
      decide.mutate(
        { messageId: message._id, status },
        {
          onSuccess: ({ toast }) => notify.success(toast),
          onError: (error) => notify.error(chatErrorText(error)),
          onSettled: () => {
            setDecision(null);
            done();
          },
        },
      );
    });

  const onSend = async (text: string) => {
    const base = { chatroomId: roomId, message: text, role: sideOf(as), source: 'web' } as const;
    if (mode === 'text') {
      // The same words sent again after a failure keep their id: if the first send arrived after
      // all (its answer lost with the connection), the server stores the message once.
      const draft = (unsent.current = unsent.current?.text === text ? unsent.current : { text, id: newRequestKey() });
      // This try's own copy (broadcast before its answer) is not one "sent after all".
      setFailedDraft(null);
      const stored = await send({ ...base, msgType: 'Text', clientMessageId: draft.id });
      if (stored && unsent.current === draft) unsent.current = null;
      setFailedDraft(stored ? null : draft);
      return stored;
    }
    const { choice } = slot;
    const stored = await send({
      ...base,
      msgType: 'Session',
      sessionDate: choice.date,
      sessionTime: formatClock24(choice.startAt, timeZone),
      sessionStartAt: choice.startAt,
      subject: choice.subject,
      forKids: choice.forKids,
    });
    if (stored) {
      slot.reset();
      setMode('text');
    }
    return stored;
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-base-300 px-4 py-3">
        <button type="button" className="btn btn-ghost btn-sm btn-square md:hidden" aria-label="Back to conversations" onClick={onBack}>
          ←
        </button>
        {room ? <CounterpartAvatar name={counterpartName} image={as === 'teacher' ? null : room.teacherImage} size="sm" /> : null}
        <Heading ref={heading} tabIndex={-1} className="min-w-0 flex-1 font-semibold wrap-anywhere outline-none">
          {gone ? 'Conversation not found' : counterpartName}
        </Heading>
        {!connected ? (
          <span className="badge badge-warning badge-sm gap-1" role="status">
            <span className="loading loading-dots loading-xs" aria-hidden="true" /> Connecting
          </span>
        ) : null}
      </div>

      {/* Focusable so the history scrolls by keyboard when no message holds a control (a learner's
          thread); a region around the list, which keeps its own list semantics. The ring is drawn
          inside (the global one sits outside, where the panel's edges would clip it). */}
      <div
        ref={scroller}
        role="region"
        aria-label={counterpartName ? `Messages with ${counterpartName}` : 'Messages'}
        tabIndex={0}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto bg-base-200/40 px-4 py-4 focus-visible:-outline-offset-2!"
      >
        {thread.data?.hasOlder ? (
          <div className="mb-3 text-center">
            <button type="button" className="btn btn-ghost btn-xs" onClick={showOlder} aria-disabled={loadOlder.isPending || undefined}>
              {loadOlder.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
              Load older messages
            </button>
          </div>
        ) : null}
        {thread.isPending ? (
          <div className="space-y-3" role="status">
            <span className="sr-only">Loading messages</span>
            <div className="skeleton h-10 w-2/3" />
            <div className="skeleton ml-auto h-10 w-1/2" />
            <div className="skeleton h-10 w-3/5" />
          </div>
        ) : gone ? (
          <p role="alert" className="text-sm">
            This conversation was not found. Pick one from your conversations.
          </p>
        ) : thread.isError ? (
          <div role="alert" className="space-y-3 text-sm">
            <p>{chatErrorText(thread.error)}</p>
            <button type="button" className="btn btn-sm" onClick={() => void thread.refetch()}>
              Try again
            </button>
          </div>
        ) : messages && messages.length > 0 ? (
          <MessageList
            messages={messages}
            as={as}
            timeZone={timeZone}
            now={now}
            counterpartName={counterpartName}
            onDecide={as === 'teacher' ? onDecide : undefined}
            decision={decision}
            tutorHours={viewer.tutorHours ?? null}
            markedId={markedId}
          />
        ) : (
          <p className="py-10 text-center text-sm opacity-70">
            {as === 'teacher' ? 'No messages yet.' : canRequestSlots ? `Say hello to ${counterpartName}, or request a session slot.` : `Say hello to ${counterpartName}.`}
          </p>
        )}
      </div>

      <div role="status" className="sr-only">
        {arrival ? <p key={arrival.count}>{arrival.text}</p> : null}
      </div>

      {newBelow ? (
        <div className="relative">
          <button type="button" className="btn btn-primary btn-xs absolute bottom-2 left-1/2 -translate-x-1/2 shadow" onClick={toNewest}>
            New messages <span aria-hidden="true">↓</span>
          </button>
        </div>
      ) : null}

      {/* Nothing to write to in a room that does not exist. */}
      {gone ? null : (
        <div className="space-y-3 border-t border-base-300 bg-base-100 p-3">
          {canRequestSlots ? (
            <div className="flex items-center gap-2">
              <div role="group" aria-label="Message type" className="join">
                <button type="button" className={`btn join-item btn-xs ${mode === 'text' ? 'btn-primary' : 'btn-ghost border-base-300'}`} aria-pressed={mode === 'text'} onClick={() => setMode('text')}>
                  Message
                </button>
                <button type="button" className={`btn join-item btn-xs ${mode === 'slot' ? 'btn-primary' : 'btn-ghost border-base-300'}`} aria-pressed={mode === 'slot'} onClick={() => setMode('slot')}>
                  Request a slot
                </button>
              </div>
            </div>
          ) : null}
          {teachesNone && room ? (
            <p className="text-xs text-base-content/70">
              {/* A kid's conversation opened before a tutor stopped teaching kids (or with one who never did). */}
              {viewer.as === 'kid' && !teachesKids(room.teacher.subjects)
                ? texts.tutorDoesNotTeachKids(room.teacher.name)
                : viewer.requestSubjects.length === 0
                  ? texts.chatNoRequestSubject
                  : texts.chatNoSharedSubject(room.teacher.name, viewer.requestSubjects)}
            </p>
          ) : null}
          {canRequestSlots && mode === 'slot' && room ? <SlotRequest viewer={slotViewer} teacherId={room.teacher._id} state={slot} /> : null}
          <MessageComposer
            key={roomId}
            onSend={onSend}
            sentAfterAll={sentAfterAll}
            ready={mode === 'text' || slot.choice.startAt !== ''}
            disabled={!thread.isSuccess}
            placeholder={mode === 'slot' ? 'Add a message for your tutor' : 'Type a message'}
            extra={viewer.canSendFiles && mode === 'text' ? <FileUploadButton as={as} chatroomId={roomId} /> : null}
          />
        </div>
      )}
    </div>
  );
}

