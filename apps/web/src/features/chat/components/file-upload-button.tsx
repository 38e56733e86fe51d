import { useRef } from 'react';
import { CHAT_FILE_MAX_BYTES, chatFileTypes } from '@parley/domain/chat';
import { notify } from '../../../shared/lib/toast';
import { useSendFile } from '../api/send-file';
import { chatErrorText } from '../lib/chat-error-text';
import type { ChatAs } from '../lib/chat-viewer';

const accept = Object.keys(chatFileTypes).join(',');

/** IELTS learners may share a file (PDF, image, Word or audio, up to 5 MB). */
export function FileUploadButton({ as, chatroomId }: { as: ChatAs; chatroomId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useSendFile(as);

  const onPick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!chatFileTypes[file.type]) return void notify.error('Send a PDF, image, Word document or audio file.');
    if (file.size > CHAT_FILE_MAX_BYTES) return void notify.error('Files can be at most 5 MB.');
    upload.mutate({ chatroomId, file }, { onError: (error) => notify.error(chatErrorText(error)) });
  };

  return (
    <>
      <input ref={input} type="file" accept={accept} className="hidden" tabIndex={-1} aria-hidden="true" onChange={(e) => onPick(e.target.files?.[0])} />
      <button
        type="button"
        className="btn btn-ghost btn-square"
        aria-label="Attach a file"
        title="Attach a file (PDF, image, Word or audio, up to 5 MB)"
        aria-disabled={upload.isPending || undefined}
        onClick={() => {
          if (!upload.isPending) input.current?.click();
        }}
      >
        {upload.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : (
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9" />
          </svg>
        )}
      </button>
    </>
  );
}
