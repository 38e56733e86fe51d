import { useEffect, useRef, useState } from 'react';
import { BONUS_MEDIA_KINDS, MEDIA_EXTENSIONS, MEDIA_LIMITS, type Media, type MediaKind } from '@parley/domain/courses';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { useUploadMedia } from '../api/upload-media';

/** What a file place takes: one kind, or (bonus files) any bonus kind, told by the file's type. */
export type UploadAccepts = MediaKind | 'any';

const kindNames: Record<MediaKind, string> = { video: 'a video', pdf: 'a PDF', image: 'an image', captions: 'a captions file' };
const typeNames: Record<string, string> = {
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'text/vtt': 'WebVTT (.vtt)',
};
/** The names a kind's files end in (the domain's own extensions), for a file the browser knows no type for (a .vtt file, on some systems). */
const extensionsOf = (kind: MediaKind) => MEDIA_LIMITS[kind].types.map((type) => `.${MEDIA_EXTENSIONS[type]}`);

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const kindsOf = (accepts: UploadAccepts): readonly MediaKind[] => (accepts === 'any' ? BONUS_MEDIA_KINDS : [accepts]);

const isOfKind = (file: File, kind: MediaKind) =>
  (MEDIA_LIMITS[kind].types as readonly string[]).includes(file.type) || (file.type === '' && extensionsOf(kind).some((ext) => file.name.toLowerCase().endsWith(ext)));

/** "MP4 or WebM, up to 200 MB" — what the place accepts, from the domain's limits. */
export function acceptedText(accepts: UploadAccepts): string {
  return kindsOf(accepts)
    .map((kind) => `${MEDIA_LIMITS[kind].types.map((type) => typeNames[type] ?? type).join(' or ')} up to ${megabytes(MEDIA_LIMITS[kind].maxBytes)}`)
    .join('; ');
}

/** The kind the file would be stored as, or why it cannot be (checked again on its content by the server). */
function checkFile(file: File, accepts: UploadAccepts): { ok: true; kind: MediaKind } | { ok: false; message: string } {
  const kind = kindsOf(accepts).find((candidate) => isOfKind(file, candidate));
  if (!kind) return { ok: false, message: `${file.name} is not a file this place takes: ${acceptedText(accepts)}.` };
  if (file.size > MEDIA_LIMITS[kind].maxBytes) return { ok: false, message: `${file.name} is ${fileSizeText(file.size)}; ${kindNames[kind]} may be at most ${megabytes(MEDIA_LIMITS[kind].maxBytes)}.` };
  return { ok: true, kind };
}

type MediaUploadProps = {
  /** The file input's id, so an error list can link to it. */
  id: string;
  label: string;
  accepts: UploadAccepts;
  media: Media | null;
  onUploaded: (media: Media) => void;
  onRemove: () => void;
  /** An error about this place from the form (a missing file, the server's refusal). */
  error?: string;
  disabled?: boolean;
  /** What the file is for, said before what it may be. */
  hint?: string;
};

type Progress = { fileName: string; percent: number };

/**
 * One file place of the editor: the current file (an image is shown), a file input that uploads
 * at once with a determinate progress bar and Cancel, and any error tied to the input.
 */
export function MediaUpload({ id, label, accepts, media, onUploaded, onRemove, error, disabled = false, hint = '' }: MediaUploadProps) {
  const upload = useUploadMedia();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const uploading = progress !== null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shownError = localError ?? error;

  // Leaving the editor mid-upload stops the upload.
  useEffect(() => () => controller.current?.abort(), []);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    // A file dropped on the input mid-upload waits for this one to end.
    if (!file || controller.current) return;
    const check = checkFile(file, accepts);
    if (!check.ok) {
      setLocalError(check.message);
      return;
    }
    setLocalError(null);
    controller.current = new AbortController();
    setProgress({ fileName: file.name, percent: 0 });
    setAnnouncement(`Uploading ${file.name}`);
    try {
      const stored = await upload.mutateAsync({
        kind: check.kind,
        file,
        signal: controller.current.signal,
        onProgress: ({ loadedBytes, totalBytes }) => setProgress({ fileName: file.name, percent: totalBytes > 0 ? Math.floor((loadedBytes * 100) / totalBytes) : 0 }),
      });
      onUploaded(stored);
      setAnnouncement(`Uploaded ${stored.name}`);
    } catch (failure) {
      const cancelled = isApiError(failure) && failure.code === 'ABORTED';
      setAnnouncement(cancelled ? 'Upload cancelled' : '');
      if (!cancelled) setLocalError(errorMessage(failure));
    } finally {
      controller.current = null;
      setProgress(null);
      // Cancel upload goes with the upload; whoever pressed it continues at the file input.
      if (cancelButton.current === document.activeElement) input.current?.focus();
    }
  };

  const remove = () => {
    if (uploading) return;
    onRemove();
    // The file and its Remove go; the file input, to choose another, takes the focus.
    input.current?.focus();
  };

  const describedBy = [hintId, shownError ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {media ? (
        <div className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-200/40 p-3">
          {media.kind === 'image' ? <img src={media.url} alt={`${label}: preview`} className="h-24 w-40 rounded object-cover" /> : null}
          <span className="min-w-40 flex-1 text-sm">
            <span className="block font-medium wrap-break-word">{media.name}</span>
            <span className="text-xs text-base-content/80">{fileSizeText(media.sizeBytes)}</span>
          </span>
          {disabled ? null : (
            <button type="button" className="btn btn-ghost btn-sm" onClick={remove} aria-disabled={uploading || undefined}>
              Remove{' '}<span className="sr-only">{media.name}</span>
            </button>
          )}
        </div>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        className={`file-input w-full aria-disabled:cursor-not-allowed aria-disabled:border-base-200 aria-disabled:bg-base-200 ${shownError ? 'file-input-error' : ''}`}
        accept={kindsOf(accepts)
          .flatMap((kind) => [...MEDIA_LIMITS[kind].types, ...extensionsOf(kind)])
          .join(',')}
        // Busy uploading, it stays focusable (the file picker gives the focus back to it) and opens no picker.
        disabled={disabled}
        aria-disabled={uploading || undefined}
        onClick={(event) => {
          if (uploading) event.preventDefault();
        }}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <p id={hintId} className="text-xs text-base-content/80">
        {hint}
        {media && !disabled ? 'Choose another file to replace it. ' : ''}
        {acceptedText(accepts)}.
      </p>
      {progress ? (
        <div className="flex flex-wrap items-center gap-3">
          <progress id={`${id}-progress`} className="progress progress-primary w-full max-w-xs" value={progress.percent} max={100} aria-label={`Uploading ${progress.fileName}`} />
          <span className="text-sm tabular-nums" aria-hidden="true">
            {progress.percent}%
          </span>
          <span className="min-w-0 text-sm wrap-break-word">{progress.fileName}</span>
          <button ref={cancelButton} type="button" className="btn btn-ghost btn-sm" onClick={() => controller.current?.abort()}>
            Cancel upload
          </button>
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {shownError ? (
        <p id={errorId} className="text-sm text-error">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
