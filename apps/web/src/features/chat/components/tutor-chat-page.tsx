import { useSearchParams } from 'react-router';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { PageHeader } from '../../../shared/ui/empty-state';
import { useTutorRecord } from '../../../shared/api/get-current-user';
import { useAvailability } from '../../tutor-area/api/get-availability';
import { chatErrorText } from '../lib/chat-error-text';
import type { ChatViewer } from '../lib/chat-viewer';
import { ChatPanel } from './chat-panel';

/**
 * /teacher/chat: the rooms learners opened with this tutor, live, with Book and Reject on their
 * session requests (a request outside the tutor's week says so). Times show in the tutor's own timezone.
 */
export function TutorChatPage() {
  const me = useTutorRecord();
  // A request's notice in the bell links here with its room and request (?room=…&request=…): that
  // conversation opens on that request. The request is then dropped (replacing the history entry),
  // so a reload or Back does not jump to it again.
  const [params, setParams] = useSearchParams();
  const dropLinkedRequest = () => {
    const next = new URLSearchParams(params);
    next.delete('request');
    setParams(next, { replace: true });
  };
  // The conversation opened is kept in the address (replacing the entry), so a reload or Back opens it again.
  const keepRoom = (roomId: string | null) => {
    const next = new URLSearchParams(params);
    if (roomId) next.set('room', roomId);
    else next.delete('room');
    next.delete('request');
    setParams(next, { replace: true });
  };
  // The tutor's week: a request outside it, or on a day off, says so by Book (not loaded: no note).
  const week = useAvailability();
  const viewer: ChatViewer = {
    as: 'teacher',
    timeZone: me.data?.timezone ?? browserTimeZone(),
    requestSubjects: [],
    planClassDuration: null,
    canSendFiles: false,
    tutorHours: week.data ? { timeZone: week.data.timezone, ranges: week.data.ranges, daysOff: week.data.daysOff } : null,
  };

  return (
    <div className="flex flex-col">
      <PageHeader title="Chat" subtitle="Slot requests and messages from learners." />
      <div className="h-[calc(100dvh-12rem)] min-h-[26rem] overflow-hidden rounded-box border border-base-300 bg-base-100 lg:h-[calc(100dvh-14rem)]">
        {me.isError ? (
          <div role="alert" className="space-y-3 p-6 text-sm">
            <p>{chatErrorText(me.error)}</p>
            <button type="button" className="btn btn-sm" onClick={() => void me.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <ChatPanel
            viewer={viewer}
            access={me.isPending ? { state: 'loading' } : { state: 'ok' }}
            accessAction={null}
            startWithRoomId={params.get('room')}
            onRoomChange={keepRoom}
            linkedRequestId={params.get('request')}
            onLinkedRequestShown={dropLinkedRequest}
            headingLevel={2}
          />
        )}
      </div>
    </div>
  );
}
