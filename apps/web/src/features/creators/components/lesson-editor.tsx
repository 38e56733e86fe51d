import { LESSON_TEXT_MAX, COURSE_TITLE_MAX, lessonKinds, type LessonKind, type Media } from '@parley/domain/courses';
import { durationTypingProblem, type LessonState } from '../lib/course-editor-state';
import { characterCount, EditorField } from './editor-field';
import { MediaUpload } from './media-upload';

export const lessonKindLabels: Record<LessonKind, string> = { video: 'Video', pdf: 'PDF', text: 'Text' };

/** DOM ids of a lesson's controls: error lists and problem links point at them. */
export const lessonFieldId = (lessonId: string, field: 'title' | 'kind' | 'duration' | 'preview' | 'file' | 'captions' | 'text' | 'up' | 'down' | 'remove') =>
  `lesson-${lessonId}-${field}`;

type LessonEditorProps = {
  lesson: LessonState;
  /** Place within its module, from 0, and how many lessons the module has. */
  index: number;
  count: number;
  moduleTitle: string;
  media: Media | null;
  /** A video lesson's captions file. */
  captions: Media | null;
  errorOf: (field: string) => string | undefined;
  onChange: (change: Partial<LessonState>, field: string) => void;
  onUploaded: (media: Media) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  readOnly: boolean;
};

/** One lesson: title, type, minutes, free preview, then its file (video, PDF) or its text, and a video's captions. */
export function LessonEditor({ lesson, index, count, moduleTitle, media, captions, errorOf, onChange, onUploaded, onMove, onRemove, readOnly }: LessonEditorProps) {
  const name = `Lesson ${index + 1}${lesson.title.trim() ? `: ${lesson.title.trim()}` : ''}`;
  const where = `lesson ${index + 1}${moduleTitle.trim() ? ` of ${moduleTitle.trim()}` : ''}`;

  const changeKind = (kind: LessonKind) => {
    // A file of the wrong kind is dropped; switching to text keeps it in case the creator switches back.
    const keepsFile = kind === 'text' || media?.kind === kind;
    onChange({ kind, mediaId: keepsFile ? lesson.mediaId : null }, 'kind');
  };

  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 text-sm font-semibold wrap-break-word">{name}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
        <EditorField id={lessonFieldId(lesson._id, 'title')} label="Lesson title" error={errorOf('title')}>
          <input className="input w-full" autoComplete="off" maxLength={COURSE_TITLE_MAX} value={lesson.title} onChange={(event) => onChange({ title: event.target.value }, 'title')} />
        </EditorField>
        <EditorField id={lessonFieldId(lesson._id, 'kind')} label="Lesson type" error={errorOf('kind')}>
          <select className="select w-full sm:w-32" value={lesson.kind} onChange={(event) => changeKind(event.target.value as LessonKind)}>
            {lessonKinds.map((kind) => (
              <option key={kind} value={kind}>
                {lessonKindLabels[kind]}
              </option>
            ))}
          </select>
        </EditorField>
        {/* Kept as typed: '2.5' or '-5' is refused at once, never read as 25 or 5 minutes. */}
        <EditorField id={lessonFieldId(lesson._id, 'duration')} label="Duration (minutes)" error={errorOf('durationMin') ?? durationTypingProblem(lesson.durationText)} className="sm:w-36">
          <input
            className="input w-full"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={lesson.durationText}
            onChange={(event) => onChange({ durationText: event.target.value }, 'durationMin')}
          />
        </EditorField>
      </div>

      <label className="mt-3 flex w-fit cursor-pointer items-center gap-2 text-sm">
        <input id={lessonFieldId(lesson._id, 'preview')} type="checkbox" className="checkbox checkbox-sm" checked={lesson.isPreview} onChange={(event) => onChange({ isPreview: event.target.checked }, 'isPreview')} />
        Free preview: anyone can open this lesson before buying
      </label>

      <div className="mt-3">
        {lesson.kind === 'text' ? (
          <EditorField id={lessonFieldId(lesson._id, 'text')} label="Lesson text" error={errorOf('text')} hint={characterCount(lesson.text, LESSON_TEXT_MAX)}>
            <textarea className="textarea min-h-40 w-full" maxLength={LESSON_TEXT_MAX} value={lesson.text} onChange={(event) => onChange({ text: event.target.value }, 'text')} />
          </EditorField>
        ) : (
          <MediaUpload
            id={lessonFieldId(lesson._id, 'file')}
            label={lesson.kind === 'video' ? 'Lesson video' : 'Lesson PDF'}
            accepts={lesson.kind}
            media={media?.kind === lesson.kind ? media : null}
            error={errorOf('mediaId')}
            onUploaded={onUploaded}
            onRemove={() => onChange({ mediaId: null }, 'mediaId')}
            disabled={readOnly}
          />
        )}
        {lesson.kind === 'video' ? (
          <div className="mt-3">
            <MediaUpload
              id={lessonFieldId(lesson._id, 'captions')}
              label="Captions (optional)"
              accepts="captions"
              media={captions}
              error={errorOf('captionsMediaId')}
              onUploaded={onUploaded}
              onRemove={() => onChange({ captionsMediaId: null }, 'captionsMediaId')}
              disabled={readOnly}
              hint="Learners who cannot hear the video read what is said. "
            />
          </div>
        ) : null}
      </div>

      {readOnly ? null : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button id={lessonFieldId(lesson._id, 'up')} type="button" className="btn btn-ghost btn-sm" disabled={index === 0} onClick={() => onMove(-1)}>
            Move up{' '}<span className="sr-only">{where}</span>
          </button>
          <button id={lessonFieldId(lesson._id, 'down')} type="button" className="btn btn-ghost btn-sm" disabled={index === count - 1} onClick={() => onMove(1)}>
            Move down{' '}<span className="sr-only">{where}</span>
          </button>
          <button id={lessonFieldId(lesson._id, 'remove')} type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove}>
            Remove{' '}<span className="sr-only">{where}</span>
          </button>
        </div>
      )}
    </fieldset>
  );
}
