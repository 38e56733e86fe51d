import { useEffect, useRef } from 'react';
import { useChatTutors } from '../api/get-chat-tutors';
import type { ChatAs } from '../lib/chat-viewer';
import { CounterpartAvatar } from './counterpart-avatar';

type NewChatPickerProps = {
  as: Exclude<ChatAs, 'teacher'>;
  onPick: (teacherId: string) => void;
  pendingTutorId: string | null;
  onCancel: () => void;
};

/** Starting a new chat: the tutors a learner or kid can write to. */
export function NewChatPicker({ as, onPick, pendingTutorId, onCancel }: NewChatPickerProps) {
  const tutors = useChatTutors(as);
  // New chat hides the list, and its button with it, on a phone: focus moves to the picker's heading
  // instead of falling back to the page (as a thread's heading takes it when a thread opens).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-base-300 px-4 py-3">
        <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Back" onClick={onCancel}>
          ←
        </button>
        <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
          Start a new chat
        </h3>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {tutors.isPending ? (
          <div className="space-y-3 p-4" role="status">
            <span className="sr-only">Loading tutors</span>
            <div className="skeleton h-14" />
            <div className="skeleton h-14" />
            <div className="skeleton h-14" />
          </div>
        ) : tutors.isError ? (
          <div role="alert" className="space-y-3 p-4 text-sm">
            <p>We couldn't load the tutors.</p>
            <button type="button" className="btn btn-sm" onClick={() => void tutors.refetch()}>
              Try again
            </button>
          </div>
        ) : tutors.data.length === 0 ? (
          <p className="p-4 text-sm opacity-70">No tutors are available to chat right now.</p>
        ) : (
          <ul aria-label="Tutors" className="flex flex-col">
            {tutors.data.map((tutor) => (
              <li key={tutor._id} className="flex items-center gap-3 border-b border-base-200 px-4 py-3">
                <CounterpartAvatar name={tutor.name} image={tutor.image} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{tutor.name}</span>
                  <span className="block truncate text-xs opacity-70">{tutor.subjects.join(' · ')}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  aria-label={`Chat with ${tutor.name}`}
                  // aria-disabled, not disabled: the pressed button keeps focus until the conversation opens and takes it.
                  aria-disabled={pendingTutorId !== null || undefined}
                  onClick={() => {
                    if (pendingTutorId === null) onPick(tutor._id);
                  }}
                >
                  {pendingTutorId === tutor._id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                  Chat
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
