import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_TITLE_MAX,
  courseLevels,
  draftProblems,
  MODULES_MAX,
  type CourseLevel,
  type CreatorCourse,
  type Media,
} from '@parley/domain/courses';
import { currencies, formatMoney, type Currency } from '@parley/domain/money';
import { Modal } from '../../../shared/ui/modal';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { useLeaveGuard } from '../../../shared/lib/use-leave-guard';
import { useSaveCourseDraft } from '../api/save-course-draft';
import { submitProblems, useSubmitCourse } from '../api/submit-course';
import {
  draftFrom,
  editorStateFrom,
  emptyBonus,
  emptyLesson,
  emptyModule,
  lessonFileEdit,
  moveItem,
  updateLesson,
  updateModule,
  withoutError,
  withoutListErrors,
  type EditorState,
  type FieldErrors,
} from '../lib/course-editor-state';
import { ADD_BONUS_ID, bonusFieldId, BonusFilesEditor, BONUSES_HEADING_ID } from './bonus-files-editor';
import { characterCount, EditorField } from './editor-field';
import { lessonFieldId } from './lesson-editor';
import { MediaUpload } from './media-upload';
import { moduleFieldId, ModuleEditor } from './module-editor';
import { priceFieldId, PriceFields } from './price-fields';
import { FieldProblems, type Problem } from './submit-problems';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';

const MODULES_HEADING_ID = 'course-modules-heading';
const ADD_MODULE_ID = 'course-add-module';
const COVER_ID = 'course-cover';

const lessonFields: Record<string, { id: Parameters<typeof lessonFieldId>[1]; label: string }> = {
  title: { id: 'title', label: 'title' },
  kind: { id: 'kind', label: 'type' },
  durationMin: { id: 'duration', label: 'duration' },
  isPreview: { id: 'preview', label: 'free preview' },
  mediaId: { id: 'file', label: 'file' },
  text: { id: 'text', label: 'text' },
};

/** Where a field path ('modules.1.lessons.0.title') is on screen: its control's id and a name for it. */
function fieldOf(path: string, state: EditorState): { id: string | null; label: string } {
  const simple: Record<string, { id: string; label: string }> = {
    title: { id: 'course-title', label: 'Title' },
    description: { id: 'course-description', label: 'Description' },
    level: { id: 'course-level', label: 'Level' },
    coverMediaId: { id: COVER_ID, label: 'Cover image' },
    'prices.INR': { id: priceFieldId('INR'), label: 'Price in INR' },
    'prices.USD': { id: priceFieldId('USD'), label: 'Price in USD' },
    modules: { id: MODULES_HEADING_ID, label: 'Modules' },
    bonuses: { id: BONUSES_HEADING_ID, label: 'Bonus files' },
  };
  if (simple[path]) return simple[path];
  const lesson = /^modules\.(\d+)\.lessons\.(\d+)\.(\w+)$/.exec(path);
  if (lesson) {
    const [, m, l, field] = lesson;
    const found = state.modules[Number(m)]?.lessons[Number(l)];
    const known = lessonFields[field!];
    return { id: found && known ? lessonFieldId(found._id, known.id) : null, label: `Module ${Number(m) + 1}, lesson ${Number(l) + 1}, ${known?.label ?? field}` };
  }
  const module = /^modules\.(\d+)\.(\w+)$/.exec(path);
  if (module) {
    const found = state.modules[Number(module[1])];
    return { id: found && module[2] === 'title' ? moduleFieldId(found._id, 'title') : null, label: `Module ${Number(module[1]) + 1}, ${module[2]!}` };
  }
  const bonus = /^bonuses\.(\d+)\.(\w+)$/.exec(path);
  if (bonus) {
    const found = state.bonuses[Number(bonus[1])];
    const field = bonus[2] === 'bonusName' ? 'name' : 'file';
    return { id: found ? bonusFieldId(found.key, field) : null, label: `Bonus file ${Number(bonus[1]) + 1}, ${field}` };
  }
  return { id: null, label: path };
}

// Where a field path's parts come on the page: the course's fields from the top, then a module's
// title before its lessons, a lesson's fields and a bonus's in the order they are shown.
const PAGE_ORDER = ['title', 'description', 'level', 'coverMediaId', 'prices', 'modules', 'bonuses'];
const PART_ORDER = [...currencies, 'title', 'lessons', 'kind', 'durationMin', 'isPreview', 'bonusName', 'mediaId', 'text'];
const rankIn = (order: readonly string[], part: string) => (order.includes(part) ? order.indexOf(part) : order.length);

/** Sorts field paths ('modules.1.lessons.0.title') into the order their fields come on the page; an unknown path goes last. */
function inPageOrder(a: string, b: string): number {
  const place = (path: string) => path.split('.').map((part, i) => (/^\d+$/.test(part) ? Number(part) : rankIn(i === 0 ? PAGE_ORDER : PART_ORDER, part)));
  const [x, y] = [place(a), place(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/**
 * The field a submission problem is about: its id, and its path among the form's errors. The texts
 * are the domain's `draftProblems`, which the server answers with; a lesson's problem names the
 * lesson by its title.
 */
export function problemField(problem: string, state: EditorState): { targetId: string | null; path?: string } {
  if (problem.startsWith('Write a description')) return { targetId: 'course-description', path: 'description' };
  if (problem.startsWith('Upload a cover')) return { targetId: COVER_ID, path: 'coverMediaId' };
  if (problem.startsWith('Every module needs')) {
    const empty = state.modules.find((module) => module.lessons.length === 0);
    return { targetId: empty ? moduleFieldId(empty._id, 'add-lesson') : MODULES_HEADING_ID };
  }
  if (problem.startsWith('Add at least one lesson')) return { targetId: state.modules[0] ? moduleFieldId(state.modules[0]._id, 'add-lesson') : ADD_MODULE_ID };
  if (problem.startsWith('Give each bonus file')) return { targetId: BONUSES_HEADING_ID };
  const lesson = /^(?:Write the text|Upload the (?:video|PDF)) of "(.*)"\.$/s.exec(problem);
  if (lesson) {
    for (const [m, module] of state.modules.entries()) {
      const l = module.lessons.findIndex((candidate) => candidate.title.trim() === lesson[1]);
      if (l === -1) continue;
      const found = module.lessons[l]!;
      const text = found.kind === 'text';
      return { targetId: lessonFieldId(found._id, text ? 'text' : 'file'), path: `modules.${m}.lessons.${l}.${text ? 'text' : 'mediaId'}` };
    }
  }
  return { targetId: null };
}

type AlertBox = { title: string; tone: 'error' | 'warning'; problems: Problem[] };
/** Where focus goes after the next render: the first enabled of these ids, or the alert. */
type FocusTarget = { ids: string[] } | 'alert';

type CourseEditorFormProps = { course: CreatorCourse; readOnly: boolean; timeZone: string };

/** The page's banner saying where the version stands (course-editor-page), focused once a submission has made the editor read-only. */
export const VERSION_STATUS_ID = 'course-version-status';

/** The whole editable version: details, cover, prices, modules and lessons, bonus files; save and submit. */
export function CourseEditorForm({ course, readOnly, timeZone }: CourseEditorFormProps) {
  const save = useSaveCourseDraft();
  const submit = useSubmitCourse();
  const [state, setState] = useState(() => editorStateFrom(course.draft));
  // The course as it stands in the editor, and what would keep it from review (null while a field cannot be saved).
  const draftCheck = useMemo(() => {
    const result = draftFrom(state);
    return result.ok ? { draft: result.draft, problems: draftProblems(result.draft) } : null;
  }, [state]);
  const [mediaById, setMediaById] = useState<Record<string, Media>>(() => Object.fromEntries(course.media.map((media) => [media._id, media])));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [alertBox, setAlertBox] = useState<AlertBox | null>(null);
  // Set when a save found the version saved in another window since: this editor's copy is stale.
  const [savedElsewhere, setSavedElsewhere] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // Counts edits, so a save that finishes after further typing does not mark those edits saved.
  const revision = useRef(0);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget === 'alert') {
      alertRef.current?.focus();
    } else {
      const target = focusTarget.ids.map((id) => document.getElementById(id)).find((element) => element && !(element as HTMLButtonElement).disabled);
      target?.focus();
    }
    setFocusTarget(null);
  }, [focusTarget]);

  // Closing the tab, or following a link away, with unsaved changes asks first.
  useLeaveGuard(dirty);

  const errorOf = (path: string) => errors[path];

  /** Applies an edit; `clearPath` drops that field's error, `list` every error whose path the edit shifts. */
  const change = (edit: (current: EditorState) => EditorState, clearPath?: string, list = false) => {
    revision.current += 1;
    setState(edit);
    setDirty(true);
    setErrors((current) => {
      const kept = list ? withoutListErrors(current) : current;
      return clearPath ? withoutError(kept, clearPath) : kept;
    });
    // The list above the form forgets a field's error once the field is changed, and goes with its last one.
    if (clearPath) {
      setAlertBox((box) => {
        if (!box || !box.problems.some((problem) => problem.path === clearPath)) return box;
        const problems = box.problems.filter((problem) => problem.path !== clearPath);
        return problems.length > 0 ? { ...box, problems } : null;
      });
    }
  };
  const remember = (media: Media) => setMediaById((current) => ({ ...current, [media._id]: media }));
  const moveFocus = (...ids: string[]) => setFocusTarget({ ids });

  const showFieldErrors = (fields: FieldErrors, title: string) => {
    setErrors(fields);
    setAlertBox({
      title,
      tone: 'error',
      problems: Object.entries(fields)
        .sort(([a], [b]) => inPageOrder(a, b))
        .map(([path, message]) => {
          const field = fieldOf(path, state);
          return { text: `${field.label}: ${message}`, targetId: field.id, path };
        }),
    });
    setFocusTarget('alert');
  };

  /** Saves the draft; `forSubmission`: the save a submission makes first, so its refusal says what it stopped. */
  const persist = async (forSubmission = false): Promise<boolean> => {
    const result = draftFrom(state);
    if (!result.ok) {
      showFieldErrors(result.errors, `Check these fields before ${forSubmission ? 'submitting' : 'saving'}`);
      return false;
    }
    const startedAt = revision.current;
    try {
      // Names the version it saves over: one saved in another window since is refused, not overwritten.
      const saved = await save.mutateAsync({ courseId: course._id, draft: { ...result.draft, savedAt: course.savedAt } });
      setMediaById((current) => ({ ...current, ...Object.fromEntries(saved.media.map((media) => [media._id, media])) }));
      setErrors({});
      setAlertBox(null);
      setDirty(revision.current !== startedAt);
      const now = new Date();
      setSavedAt(now);
      setAnnouncement(`Draft saved at ${formatInstant(now, timeZone, 'h:mm a')}`);
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.fields && Object.keys(error.fields).length > 0) showFieldErrors(error.fields, 'The draft was not saved. Check these fields');
      else if (isApiError(error) && error.code === 'DRAFT_CHANGED') setSavedElsewhere(error.message);
      else notify.failure(error);
      return false;
    }
  };

  /** Runs one save or submission at a time: a double click's second click would otherwise send it again (a second submit is refused as in review). */
  const single = useSingleFlight();
  const once = (send: () => Promise<unknown>) => single((done) => void send().finally(done));

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly) once(() => persist());
  };

  const submitForReview = async () => {
    // What is submitted is the saved version, so unsaved edits are saved first.
    if (dirty && !(await persist(true))) return;
    try {
      await submit.mutateAsync(course._id);
      setAlertBox(null);
      setAnnouncement('Submitted for review');
      notify.success('Submitted for review. The moderator’s decision will show here.');
      // The buttons go with the editable view: focus goes to the banner saying the course is in review.
      window.setTimeout(() => document.getElementById(VERSION_STATUS_ID)?.focus(), 0);
    } catch (error) {
      const problems = submitProblems(error);
      if (problems.length === 0) {
        notify.failure(error);
        return;
      }
      const listed = problems.map((text) => ({ text, ...problemField(text, state), checked: draftCheck?.problems.includes(text) }));
      // Each field a problem is about says it too, as a refused save's fields do; changing it takes the problem off.
      setErrors(Object.fromEntries(listed.flatMap((problem) => (problem.path ? [[problem.path, problem.text]] : []))));
      setAlertBox({ title: 'Before you can submit for review', tone: 'warning', problems: listed });
      setFocusTarget('alert');
    }
  };

  // ---- Modules, lessons and bonus files ----

  const addModule = () => {
    const module = emptyModule();
    change((current) => ({ ...current, modules: [...current.modules, module] }), undefined, true);
    setAnnouncement(`Module ${state.modules.length + 1} added`);
    moveFocus(moduleFieldId(module._id, 'title'));
  };
  // A module with lessons is removed once the creator says so (a slip would take their lessons with it).
  const [removingModuleId, setRemovingModuleId] = useState<string | null>(null);
  const removingIndex = state.modules.findIndex((module) => module._id === removingModuleId);
  const removing = removingIndex >= 0 ? { module: state.modules[removingIndex]!, index: removingIndex } : null;
  const removeModule = (moduleId: string) => {
    const index = state.modules.findIndex((module) => module._id === moduleId);
    const before = state.modules[index - 1];
    change((current) => ({ ...current, modules: current.modules.filter((module) => module._id !== moduleId) }), undefined, true);
    setAnnouncement(`Module ${index + 1} removed`);
    moveFocus(...(before ? [moduleFieldId(before._id, 'heading')] : []), ADD_MODULE_ID);
  };
  const moveModule = (moduleId: string, by: -1 | 1) => {
    const index = state.modules.findIndex((module) => module._id === moduleId);
    change((current) => ({ ...current, modules: moveItem(current.modules, index, by) }), undefined, true);
    setAnnouncement(`Module moved to position ${index + by + 1} of ${state.modules.length}`);
    moveFocus(moduleFieldId(moduleId, by < 0 ? 'up' : 'down'), moduleFieldId(moduleId, by < 0 ? 'down' : 'up'));
  };
  const addLesson = (moduleId: string) => {
    const lesson = emptyLesson();
    change((current) => updateModule(current, moduleId, (module) => ({ ...module, lessons: [...module.lessons, lesson] })), undefined, true);
    setAnnouncement('Lesson added');
    moveFocus(lessonFieldId(lesson._id, 'title'));
  };
  const removeLesson = (moduleId: string, lessonId: string) => {
    change((current) => updateModule(current, moduleId, (module) => ({ ...module, lessons: module.lessons.filter((lesson) => lesson._id !== lessonId) })), undefined, true);
    setAnnouncement('Lesson removed');
    moveFocus(moduleFieldId(moduleId, 'add-lesson'));
  };
  const moveLesson = (moduleId: string, lessonId: string, by: -1 | 1) => {
    const lessons = state.modules.find((module) => module._id === moduleId)?.lessons ?? [];
    const index = lessons.findIndex((lesson) => lesson._id === lessonId);
    change((current) => updateModule(current, moduleId, (module) => ({ ...module, lessons: moveItem(module.lessons, index, by) })), undefined, true);
    setAnnouncement(`Lesson moved to position ${index + by + 1} of ${lessons.length}`);
    moveFocus(lessonFieldId(lessonId, by < 0 ? 'up' : 'down'), lessonFieldId(lessonId, by < 0 ? 'down' : 'up'));
  };
  const addBonus = () => {
    const bonus = emptyBonus();
    change((current) => ({ ...current, bonuses: [...current.bonuses, bonus] }), undefined, true);
    moveFocus(bonusFieldId(bonus.key, 'name'));
  };
  const removeBonus = (key: string) => {
    change((current) => ({ ...current, bonuses: current.bonuses.filter((bonus) => bonus.key !== key) }), undefined, true);
    setAnnouncement('Bonus file removed');
    moveFocus(ADD_BONUS_ID, BONUSES_HEADING_ID);
  };

  const busy = save.isPending || submit.isPending;
  // A course starts at the lowest prices: submitting a complete one names them first, so none goes
  // on sale unchosen. One with problems is sent straight on, and the answer lists them.
  const [confirmingSubmit, setConfirmingSubmit] = useState(false);
  const submittable = draftCheck && draftCheck.problems.length === 0 ? draftCheck.draft : null;
  // A problem the editor checks itself leaves the list once the course no longer has it; the list goes with its last one.
  const listed = alertBox?.problems.filter((problem) => !problem.checked || !draftCheck || draftCheck.problems.includes(problem.text));
  const statusText = dirty ? 'Unsaved changes' : savedAt ? `Draft saved at ${formatInstant(savedAt, timeZone, 'h:mm a')}` : '';

  return (
    <form noValidate onSubmit={onSave} aria-label="Course editor" className="space-y-8">
      {alertBox && listed?.length ? <FieldProblems ref={alertRef} title={alertBox.title} tone={alertBox.tone} problems={listed} /> : null}
      {savedElsewhere ? (
        <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-2 text-base-content sm:flex-row sm:items-center">
          <span className="min-w-0 flex-1">{savedElsewhere}</span>
          <button type="button" className="btn btn-sm" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      ) : null}

      {/* A disabled fieldset makes every control read-only while the course is in review or live. */}
      <fieldset disabled={readOnly} className="min-w-0 space-y-8">
        <legend className="sr-only">{readOnly ? 'Course content (read only)' : 'Course content'}</legend>

        <section aria-labelledby="course-details-heading" className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <h2 id="course-details-heading" className="text-lg font-semibold">
            Details
          </h2>
          <EditorField id="course-title" label="Title" error={errorOf('title')}>
            <input className="input w-full" autoComplete="off" maxLength={COURSE_TITLE_MAX} value={state.title} onChange={(event) => change((current) => ({ ...current, title: event.target.value }), 'title')} />
          </EditorField>
          <EditorField
            id="course-description"
            label="Description"
            error={errorOf('description')}
            hint={`What learners will be able to do after the course; at least 20 characters before you submit. ${characterCount(state.description, COURSE_DESCRIPTION_MAX)}.`}
          >
            <textarea
              className="textarea min-h-40 w-full"
              maxLength={COURSE_DESCRIPTION_MAX}
              value={state.description}
              onChange={(event) => change((current) => ({ ...current, description: event.target.value }), 'description')}
            />
          </EditorField>
          <EditorField id="course-level" label="Level" error={errorOf('level')}>
            <select className="select w-full sm:w-60" value={state.level} onChange={(event) => change((current) => ({ ...current, level: event.target.value as CourseLevel }), 'level')}>
              {courseLevels.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </EditorField>
        </section>

        <section aria-labelledby="course-cover-heading" className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <h2 id="course-cover-heading" className="text-lg font-semibold">
            Cover image
          </h2>
          <MediaUpload
            id={COVER_ID}
            label="Cover image"
            accepts="image"
            media={state.coverMediaId ? (mediaById[state.coverMediaId] ?? null) : null}
            error={errorOf('coverMediaId')}
            onUploaded={(media) => {
              remember(media);
              change((current) => ({ ...current, coverMediaId: media._id }), 'coverMediaId');
            }}
            onRemove={() => change((current) => ({ ...current, coverMediaId: null }), 'coverMediaId')}
            disabled={readOnly}
          />
        </section>

        <section aria-labelledby="course-prices-heading" className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <div>
            <h2 id="course-prices-heading" className="text-lg font-semibold">
              Prices
            </h2>
            <p className="text-sm text-base-content/80">Learners in India pay the rupee price; everyone else pays the dollar price.</p>
          </div>
          <PriceFields
            priceText={state.priceText}
            errorOf={errorOf}
            onChange={(currency: Currency, text) => change((current) => ({ ...current, priceText: { ...current.priceText, [currency]: text } }), `prices.${currency}`)}
          />
        </section>

        <section aria-labelledby={MODULES_HEADING_ID} className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <div>
            <h2 id={MODULES_HEADING_ID} tabIndex={-1} className="text-lg font-semibold">
              Modules and lessons
            </h2>
            <p className="text-sm text-base-content/80">Learners take the lessons in this order. Video and PDF lessons need their file uploaded; text lessons are written here.</p>
          </div>
          {errorOf('modules') ? <p className="text-sm text-error">{errorOf('modules')}</p> : null}
          {state.modules.length === 0 ? <p className="text-sm text-base-content/80">No modules yet. Add a module, then its lessons.</p> : null}
          <ol aria-label="Modules" className="space-y-4">
            {state.modules.map((module, m) => (
              <li key={module._id}>
                <ModuleEditor
                  module={module}
                  index={m}
                  count={state.modules.length}
                  mediaById={mediaById}
                  errorOf={(path) => errorOf(`modules.${m}.${path}`)}
                  readOnly={readOnly}
                  onTitle={(title) => change((current) => updateModule(current, module._id, (found) => ({ ...found, title })), `modules.${m}.title`)}
                  onMove={(by) => moveModule(module._id, by)}
                  onRemove={() => (module.lessons.length > 0 ? setRemovingModuleId(module._id) : removeModule(module._id))}
                  onAddLesson={() => addLesson(module._id)}
                  onLessonChange={(lessonId, edit, path) => change((current) => updateLesson(current, module._id, lessonId, edit), `modules.${m}.${path}`)}
                  onLessonUploaded={(lessonId, media) => {
                    remember(media);
                    const l = module.lessons.findIndex((lesson) => lesson._id === lessonId);
                    const field = media.kind === 'captions' ? 'captionsMediaId' : 'mediaId';
                    change((current) => updateLesson(current, module._id, lessonId, lessonFileEdit(media)), `modules.${m}.lessons.${l}.${field}`);
                  }}
                  onLessonMove={(lessonId, by) => moveLesson(module._id, lessonId, by)}
                  onLessonRemove={(lessonId) => removeLesson(module._id, lessonId)}
                />
              </li>
            ))}
          </ol>
          {readOnly ? null : (
            <button id={ADD_MODULE_ID} type="button" className="btn btn-outline" disabled={state.modules.length >= MODULES_MAX} onClick={addModule}>
              Add module
            </button>
          )}
        </section>

        <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <BonusFilesEditor
            bonuses={state.bonuses}
            mediaById={mediaById}
            errorOf={errorOf}
            readOnly={readOnly}
            onAdd={addBonus}
            onRemove={removeBonus}
            onChange={(key, edit, path) => change((current) => ({ ...current, bonuses: current.bonuses.map((bonus) => (bonus.key === key ? { ...bonus, ...edit } : bonus)) }), path)}
            onUploaded={(key, media, path) => {
              remember(media);
              change((current) => ({ ...current, bonuses: current.bonuses.map((bonus) => (bonus.key === key ? { ...bonus, mediaId: media._id, bonusName: bonus.bonusName || media.name } : bonus)) }), path);
            }}
          />
        </div>
      </fieldset>

      {readOnly ? null : (
        <div data-sticky-footer className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-base-300 bg-base-100 px-4 py-3 lg:-mx-8 lg:px-8">
          {/* Small on a phone, so both buttons share one row and the footer leaves room to edit. */}
          <button type="submit" className="btn btn-primary btn-sm sm:btn-md" aria-disabled={busy || undefined}>
            {save.isPending ? 'Saving…' : 'Save draft'}
          </button>
          <button
            type="button"
            className="btn btn-accent btn-sm sm:btn-md"
            aria-disabled={busy || undefined}
            aria-haspopup={submittable ? 'dialog' : undefined}
            onClick={() => {
              if (busy) return;
              if (submittable) setConfirmingSubmit(true);
              else once(submitForReview);
            }}
          >
            {submit.isPending ? 'Submitting…' : 'Submit for review'}
          </button>
          <p className="text-sm text-base-content/80">{statusText}</p>
        </div>
      )}
      {submittable ? (
        <Modal
          open={confirmingSubmit}
          onClose={() => setConfirmingSubmit(false)}
          title="Submit for review?"
          actions={
            <>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirmingSubmit(false)}>
                Keep editing
              </button>
              <button
                type="button"
                className="btn btn-accent"
                onClick={() => {
                  setConfirmingSubmit(false);
                  once(submitForReview);
                }}
              >
                Submit for review
              </button>
            </>
          }
        >
          <p className="text-sm">
            Once a moderator approves “{submittable.title}”, learners pay {formatMoney({ amountMinor: submittable.prices.INR, currency: 'INR' })} in India and{' '}
            {formatMoney({ amountMinor: submittable.prices.USD, currency: 'USD' })} elsewhere.
          </p>
          <p className="mt-2 text-sm">You can’t edit the course while it waits for review.</p>
        </Modal>
      ) : null}
      {removing ? (
        <Modal
          open
          onClose={() => setRemovingModuleId(null)}
          title={`Remove module ${removing.index + 1}?`}
          size="sm"
          actions={
            <>
              <button type="button" className="btn btn-ghost" onClick={() => setRemovingModuleId(null)}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-error"
                onClick={() => {
                  setRemovingModuleId(null);
                  removeModule(removing.module._id);
                }}
              >
                Remove module
              </button>
            </>
          }
        >
          <p className="text-sm">
            {removing.module.title.trim() ? `“${removing.module.title.trim()}”` : `Module ${removing.index + 1}`} and its{' '}
            {removing.module.lessons.length === 1 ? 'lesson' : `${removing.module.lessons.length} lessons`} leave this draft.
          </p>
        </Modal>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </form>
  );
}
