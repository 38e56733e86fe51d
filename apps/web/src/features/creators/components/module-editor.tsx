import { COURSE_TITLE_MAX, LESSONS_PER_MODULE_MAX, type Media } from '@parley/domain/courses';
import type { LessonState, ModuleState } from '../lib/course-editor-state';
import { EditorField } from './editor-field';
import { LessonEditor } from './lesson-editor';

/** DOM ids of a module's controls. */
export const moduleFieldId = (moduleId: string, field: 'heading' | 'title' | 'up' | 'down' | 'remove' | 'add-lesson') => `module-${moduleId}-${field}`;

export type ModuleEditorHandlers = {
  onTitle: (title: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onAddLesson: () => void;
  onLessonChange: (lessonId: string, change: Partial<LessonState>, field: string) => void;
  onLessonUploaded: (lessonId: string, media: Media) => void;
  onLessonMove: (lessonId: string, by: -1 | 1) => void;
  onLessonRemove: (lessonId: string) => void;
};

type ModuleEditorProps = ModuleEditorHandlers & {
  module: ModuleState;
  index: number;
  count: number;
  mediaById: Record<string, Media>;
  /** The error at a path under this module ('title', 'lessons.2.durationMin'). */
  errorOf: (path: string) => string | undefined;
  readOnly: boolean;
};

/** One module: its title, its order among the modules, and its lessons. */
export function ModuleEditor({ module, index, count, mediaById, errorOf, readOnly, ...on }: ModuleEditorProps) {
  const headingId = moduleFieldId(module._id, 'heading');
  const where = `module ${index + 1}`;
  const full = module.lessons.length >= LESSONS_PER_MODULE_MAX;
  const lessonCount = module.lessons.length;
  const removeWhat = `${index + 1}${lessonCount === 0 ? '' : lessonCount === 1 ? ' and its lesson' : ` and its ${lessonCount} lessons`}`;

  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-200/40 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} tabIndex={-1} className="text-base font-semibold wrap-break-word">
          Module {index + 1}
          {module.title.trim() ? `: ${module.title.trim()}` : ''}
        </h3>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-1">
            <button id={moduleFieldId(module._id, 'up')} type="button" className="btn btn-ghost btn-sm" disabled={index === 0} onClick={() => on.onMove(-1)}>
              Move up{' '}<span className="sr-only">{where}</span>
            </button>
            <button id={moduleFieldId(module._id, 'down')} type="button" className="btn btn-ghost btn-sm" disabled={index === count - 1} onClick={() => on.onMove(1)}>
              Move down{' '}<span className="sr-only">{where}</span>
            </button>
            <button id={moduleFieldId(module._id, 'remove')} type="button" className="btn btn-ghost btn-sm text-error" onClick={on.onRemove}>
              Remove module{' '}<span className="sr-only">{removeWhat}</span>
            </button>
          </div>
        )}
      </div>

      <EditorField id={moduleFieldId(module._id, 'title')} label="Module title" error={errorOf('title')} className="mt-2">
        <input className="input w-full" autoComplete="off" maxLength={COURSE_TITLE_MAX} value={module.title} onChange={(event) => on.onTitle(event.target.value)} />
      </EditorField>

      {module.lessons.length === 0 ? (
        <p className="mt-3 text-sm text-base-content/80">No lessons in this module yet. Every module needs at least one before you submit.</p>
      ) : (
        <ol aria-label={`Lessons of module ${index + 1}`} className="mt-3 space-y-3">
          {module.lessons.map((lesson, l) => (
            <li key={lesson._id}>
              <LessonEditor
                lesson={lesson}
                index={l}
                count={module.lessons.length}
                moduleTitle={module.title}
                media={lesson.mediaId ? (mediaById[lesson.mediaId] ?? null) : null}
                captions={lesson.captionsMediaId ? (mediaById[lesson.captionsMediaId] ?? null) : null}
                errorOf={(field) => errorOf(`lessons.${l}.${field}`)}
                onChange={(change, field) => on.onLessonChange(lesson._id, change, `lessons.${l}.${field}`)}
                onUploaded={(media) => on.onLessonUploaded(lesson._id, media)}
                onMove={(by) => on.onLessonMove(lesson._id, by)}
                onRemove={() => on.onLessonRemove(lesson._id)}
                readOnly={readOnly}
              />
            </li>
          ))}
        </ol>
      )}

      {readOnly ? null : (
        <button id={moduleFieldId(module._id, 'add-lesson')} type="button" className="btn btn-outline btn-sm mt-3" disabled={full} onClick={on.onAddLesson}>
          Add lesson{' '}<span className="sr-only">to module {index + 1}</span>
        </button>
      )}
      {full ? <p className="mt-1 text-xs text-base-content/80">A module holds at most {LESSONS_PER_MODULE_MAX} lessons.</p> : null}
    </section>
  );
}
