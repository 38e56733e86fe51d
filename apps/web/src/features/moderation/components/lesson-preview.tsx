import { useId, useState } from 'react';
import type { LessonInput, Media } from '@parley/domain/courses';
import { PdfViewer } from '../../../shared/ui/pdf-viewer';

const kindLabels: Record<LessonInput['kind'], string> = { video: 'Video', pdf: 'PDF', text: 'Text' };

/**
 * One lesson of the version under review: its facts, and a Preview toggle that shows it as
 * learners will (video player, PDF viewer, text). Closed by default, so a long course does not
 * load every file at once.
 */
export function LessonPreview({ lesson, number, media, captions }: { lesson: LessonInput; number: string; media: Media | null; captions: Media | null }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium wrap-break-word">
            {number} {lesson.title}
          </p>
          <p className="text-xs text-base-content/80">
            {kindLabels[lesson.kind]} · {lesson.durationMin} min{lesson.isPreview ? ' · Free preview' : ''}
            {media ? ` · ${media.name}` : ''}
            {lesson.kind === 'video' ? (captions ? ` · Captions: ${captions.name}` : ' · No captions') : ''}
          </p>
        </div>
        <button type="button" className="btn btn-sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
          {open ? 'Hide' : 'Preview'}{' '}<span className="sr-only">lesson {number} {lesson.title}</span>
        </button>
      </div>
      <div id={panelId} hidden={!open} className="mt-3">
        {open ? <LessonContent lesson={lesson} media={media} captions={captions} /> : null}
      </div>
    </div>
  );
}

function LessonContent({ lesson, media, captions }: { lesson: LessonInput; media: Media | null; captions: Media | null }) {
  if (lesson.kind === 'text') {
    return lesson.text.trim() ? (
      <div className="max-h-96 overflow-y-auto rounded-box bg-base-200/60 p-4 text-sm whitespace-pre-line wrap-break-word">{lesson.text}</div>
    ) : (
      <p className="text-sm text-base-content/80">This text lesson is empty.</p>
    );
  }
  if (lesson.kind === 'pdf') return <PdfViewer url={media?.url} title={lesson.title} />;
  if (!media) return <p className="text-sm text-base-content/80">No video was uploaded for this lesson.</p>;
  return (
    // The moderator previews the creator's upload as learners will see it, with its captions if it has some.
    <video controls preload="metadata" src={media.url} aria-label={`Video: ${lesson.title}`} className="aspect-video w-full rounded-box bg-neutral">
      {captions ? <track kind="captions" src={captions.url} srcLang="en" label="English" default /> : null}
    </video>
  );
}
