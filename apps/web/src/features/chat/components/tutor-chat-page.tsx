import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { PageHeader } from '../../../shared/ui/empty-state';
import { useTutorRecord } from '../../../shared/api/get-current-user';
import { chatErrorText } from '../lib/chat-error-text';
import type { ChatViewer } from '../lib/chat-viewer';
import { ChatPanel } from './chat-panel';

/**
 * /teacher/chat: the rooms learners opened with this tutor, live, with Book and Reject on their
 * session requests. Times show in the tutor's own timezone.
 */
export function TutorChatPage() {
  const me = useTutorRecord();
  const viewer: ChatViewer = {
    as: 'teacher',
    timeZone: me.data?.timezone ?? browserTimeZone(),
    requestSubjects: [],
    planClassDuration: null,
    canSendFiles: false,
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
          <ChatPanel viewer={viewer} access={me.isPending ? { state: 'loading' } : { state: 'ok' }} accessAction={null} headingLevel={2} />
        )}
      </div>
    </div>
  );
}
