import {
  COURSE_PRICE_RANGE,
  courseDraftInput,
  coursePriceRangeText,
  coursePriceUnitsText,
  type CourseDraftInput,
  type CourseLevel,
  type LessonKind,
  type Media,
} from '@parley/domain/courses';
import { currencies, majorToMinor, minorToMajorText, type Currency } from '@parley/domain/money';

// What the course editor holds while the creator types, and how it becomes the draft the server
// takes. Prices and durations stay text until saving, so a half-typed '12.' is never rewritten
// under the cursor; converting checks them and names each bad field by the path the server uses
// in its `fields` ('prices.INR', 'modules.0.lessons.1.title'), so both kinds of error land alike.

export type LessonState = {
  _id: string;
  title: string;
  kind: LessonKind;
  durationText: string;
  isPreview: boolean;
  mediaId: string | null;
  /** A video lesson's WebVTT captions. */
  captionsMediaId: string | null;
  text: string;
};
export type ModuleState = { _id: string; title: string; lessons: LessonState[] };
/** `key` only tells the rows apart on screen; the server knows a bonus by its name. */
export type BonusState = { key: string; bonusName: string; mediaId: string | null };
export type EditorState = {
  title: string;
  description: string;
  level: CourseLevel;
  coverMediaId: string | null;
  priceText: Record<Currency, string>;
  modules: ModuleState[];
  bonuses: BonusState[];
};

/** Field path → what is wrong with it. */
export type FieldErrors = Record<string, string>;

const newId = () => crypto.randomUUID();

export const LESSON_DURATION_MIN = 1;
export const LESSON_DURATION_MAX = 600;

export function editorStateFrom(draft: CourseDraftInput): EditorState {
  return {
    title: draft.title,
    description: draft.description,
    level: draft.level,
    coverMediaId: draft.coverMediaId,
    priceText: Object.fromEntries(currencies.map((currency) => [currency, minorToMajorText(draft.prices[currency], currency)])) as Record<Currency, string>,
    modules: draft.modules.map((module) => ({
      _id: module._id,
      title: module.title,
      lessons: module.lessons.map((lesson) => ({
        _id: lesson._id,
        title: lesson.title,
        kind: lesson.kind,
        durationText: String(lesson.durationMin),
        isPreview: lesson.isPreview,
        mediaId: lesson.mediaId,
        captionsMediaId: lesson.captionsMediaId,
        text: lesson.text,
      })),
    })),
    bonuses: draft.bonuses.map((bonus) => ({ key: newId(), bonusName: bonus.bonusName, mediaId: bonus.mediaId })),
  };
}

/** "₹49 to ₹1,00,000": the prices a course may carry in `currency`. */
export function priceRangeText(currency: Currency): string {
  return coursePriceRangeText(currency);
}

/**
 * A price as typed, read without changing its meaning: digits with grouping commas only where a
 * rupee or dollar amount has them ('1,499', '1,00,000', '100,000'), and at most 2 decimals; a
 * leading dot is a fraction ('.99' is 0.99). Anything else ('-5', '12a', '19.999', '1,5') is no
 * price, so the field says so instead of the text being cut into another number.
 */
const PRICE_TEXT = /^(\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})?(?:\.(\d{0,2}))?$/;
/** Longer than this (leading zeros aside), a whole part is far above any course price. */
const PRICE_WHOLE_DIGITS_MAX = 9;

/** The price text's whole and fraction digits, or null when it is not an amount. */
function priceParts(text: string): { whole: string; fraction: string } | null {
  const match = PRICE_TEXT.exec(text.trim());
  if (!match || !/\d/.test(text)) return null;
  return { whole: (match[1] ?? '').replace(/,/g, '').replace(/^0+(?=\d)/, '') || '0', fraction: match[2] ?? '' };
}

/** Whether the text has paise: an Indian price is in whole rupees. */
const hasPaise = (text: string, currency: Currency) => currency === 'INR' && /[1-9]/.test(priceParts(text)?.fraction ?? '');

/** The price in minor units, or null when the text is not a price within the allowed range (in whole rupees for INR). */
export function priceMinor(text: string, currency: Currency): number | null {
  const parts = priceParts(text);
  if (!parts || hasPaise(text, currency) || parts.whole.length > PRICE_WHOLE_DIGITS_MAX) return null;
  const minor = majorToMinor(`${parts.whole}.${parts.fraction}`, currency);
  const { minMinor, maxMinor } = COURSE_PRICE_RANGE[currency];
  return minor >= minMinor && minor <= maxMinor ? minor : null;
}

/** What is wrong with a price field's text, in the field's words; null when it is a price. */
export function priceProblem(text: string, currency: Currency): string | null {
  if (priceMinor(text, currency) !== null) return null;
  if (text.trim() !== '' && (!priceParts(text) || hasPaise(text, currency))) {
    return coursePriceUnitsText(currency);
  }
  return `Enter a price from ${priceRangeText(currency)}.`;
}

/**
 * The price field's problem while it is being typed: only what no further keys can mend (a minus,
 * a letter, a third decimal, paise), so a half-typed '1,' or '12.' is not told off.
 */
export function priceTypingProblem(text: string, currency: Currency): string | undefined {
  const typed = text.trim();
  if (/^[\d,]*(\.\d{0,2})?$/.test(typed) && !hasPaise(typed, currency)) return undefined;
  return priceProblem(typed, currency) ?? undefined;
}

export const DURATION_PROBLEM = `Enter whole minutes from ${LESSON_DURATION_MIN} to ${LESSON_DURATION_MAX}.`;

function durationMin(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const minutes = Number(text.trim());
  return minutes >= LESSON_DURATION_MIN && minutes <= LESSON_DURATION_MAX ? minutes : null;
}

/** The duration field's problem while it is being typed: anything but digits ('2.5', '-5') is refused as typed, never read as other minutes. */
export const durationTypingProblem = (text: string): string | undefined => (/^\d*$/.test(text.trim()) ? undefined : DURATION_PROBLEM);

export type DraftResult = { ok: true; draft: CourseDraftInput } | { ok: false; errors: FieldErrors };

/**
 * The draft to save, or every field that keeps it from being saved. A text lesson carries no
 * file and a video or PDF lesson no text, as the server stores them.
 */
export function draftFrom(state: EditorState): DraftResult {
  const errors: FieldErrors = {};
  const prices = {} as Record<Currency, number>;
  for (const currency of currencies) {
    const problem = priceProblem(state.priceText[currency], currency);
    if (problem) errors[`prices.${currency}`] = problem;
    prices[currency] = priceMinor(state.priceText[currency], currency) ?? 0;
  }
  const modules = state.modules.map((module, m) => ({
    _id: module._id,
    title: module.title.trim(),
    lessons: module.lessons.map((lesson, l) => {
      const minutes = durationMin(lesson.durationText);
      if (minutes === null) errors[`modules.${m}.lessons.${l}.durationMin`] = DURATION_PROBLEM;
      return {
        _id: lesson._id,
        title: lesson.title.trim(),
        kind: lesson.kind,
        durationMin: minutes ?? LESSON_DURATION_MIN,
        isPreview: lesson.isPreview,
        mediaId: lesson.kind === 'text' ? null : lesson.mediaId,
        captionsMediaId: lesson.kind === 'video' ? lesson.captionsMediaId : null,
        text: lesson.kind === 'text' ? lesson.text : '',
      };
    }),
  }));
  const bonuses = state.bonuses.map((bonus, b) => {
    if (!bonus.mediaId) errors[`bonuses.${b}.mediaId`] = 'Upload the file.';
    return { bonusName: bonus.bonusName.trim(), mediaId: bonus.mediaId ?? '' };
  });
  const candidate = {
    title: state.title.trim(),
    description: state.description,
    level: state.level,
    coverMediaId: state.coverMediaId,
    prices,
    modules,
    bonuses,
  };
  const parsed = courseDraftInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, draft: parsed.data };
}

// ---- Changes ---------------------------------------------------------------------------------

export const emptyModule = (): ModuleState => ({ _id: newId(), title: '', lessons: [] });
export const emptyLesson = (): LessonState => ({ _id: newId(), title: '', kind: 'video', durationText: '10', isPreview: false, mediaId: null, captionsMediaId: null, text: '' });
export const emptyBonus = (): BonusState => ({ key: newId(), bonusName: '', mediaId: null });

/** The list with the item at `from` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export function updateModule(state: EditorState, moduleId: string, change: (module: ModuleState) => ModuleState): EditorState {
  return { ...state, modules: state.modules.map((module) => (module._id === moduleId ? change(module) : module)) };
}

export function updateLesson(state: EditorState, moduleId: string, lessonId: string, change: Partial<LessonState>): EditorState {
  return updateModule(state, moduleId, (module) => ({ ...module, lessons: module.lessons.map((lesson) => (lesson._id === lessonId ? { ...lesson, ...change } : lesson)) }));
}

/** Errors whose field moves when modules, lessons or bonuses are added, removed or reordered. */
export function withoutListErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('modules') && !path.startsWith('bonuses')));
}

export function withoutError(errors: FieldErrors, path: string): FieldErrors {
  if (!(path in errors)) return errors;
  const next = { ...errors };
  delete next[path];
  return next;
}

/**
 * A lesson's file just uploaded: it becomes the lesson's (a captions file, its captions), and a
 * video that says how long it runs sets the lesson's minutes (rounded up; the creator may still
 * change them).
 */
export function lessonFileEdit(media: Media): Partial<LessonState> {
  if (media.kind === 'captions') return { captionsMediaId: media._id };
  if (media.kind !== 'video' || media.durationSeconds === null) return { mediaId: media._id };
  return { mediaId: media._id, durationText: String(Math.max(1, Math.ceil(media.durationSeconds / 60))) };
}
