import { BIO_READ_MORE_WORDS, BIO_TRUNCATE_CHARS } from './constants';

// How a tutor is shown in the Explore Tutors drawer and ranked.

/** The tags learners see on tutor cards (spec §2 names them; a tutor picks theirs on /teacher/profile). */
export const TUTOR_TAGS = [
  'Foundation Builder',
  'Vocabulary Whiz',
  'Grammar Guru',
  'Pronunciation Police',
  'Accent Trainer',
  'Interview Expert',
  'Creative Conversationalist',
] as const;

/** tag renames. */
const RENAMED_TAGS: Record<string, string> = { 'Creative Conversationalist': 'Creativity' };

/** The other known tags show only their first word. */
const FIRST_WORD_TAGS = new Set<string>(TUTOR_TAGS.filter((tag) => !(tag in RENAMED_TAGS)));

/** 'Grammar Guru' → 'Grammar', 'Creative Conversationalist' → 'Creativity', others unchanged. */
export function shortTag(tag: string): string {
  const renamed = RENAMED_TAGS[tag];
  if (renamed !== undefined) return renamed;
  return FIRST_WORD_TAGS.has(tag) ? (tag.split(' ')[0] ?? tag) : tag;
}

export const BIO_ELLIPSIS = '…';

export type BioPreview = {
  /** What the collapsed bio shows. */
  text: string;
  /** The whole bio, shown after Read more. */
  fullText: string;
  hasReadMore: boolean;
  /** true → show messages.bioNotAvailable. */
  isEmpty: boolean;
};

/**
 * Read more at 50 or more words; truncated at 250 characters.
 *
 * How the two combine (the spec leaves it open): Read more appears exactly when the bio has
 * ≥ 50 words, and only then is the collapsed text cut, to its first 250 characters (counted as
 * code points, trailing space dropped) plus '…'. A bio under 50 words is never cut, since
 * without Read more the rest could never be seen.
 */
export function bioPreview(bio: string | null): BioPreview {
  const fullText = (bio ?? '').trim();
  if (fullText === '') return { text: '', fullText: '', hasReadMore: false, isEmpty: true };
  const hasReadMore = countWords(fullText) >= BIO_READ_MORE_WORDS;
  const text = hasReadMore ? truncateChars(fullText, BIO_TRUNCATE_CHARS) : fullText;
  return { text, fullText, hasReadMore, isEmpty: false };
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

function truncateChars(text: string, maxChars: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  return chars.slice(0, maxChars).join('').trimEnd() + BIO_ELLIPSIS;
}

/** Mentor score weights. */
export const MENTOR_SCORE_RATING_WEIGHT = 0.3;
export const MENTOR_SCORE_COUNT_WEIGHT = 0.3;
export const MENTOR_SCORE_RATIO_WEIGHT = 0.4;
export const MENTOR_RATING_MAX = 5;
export const MENTOR_COUNT_DIVISOR = 20;
export const MENTOR_COUNT_CAP = 100;

/**
 * 30% rating (out of 5), 30% count divided by 20
 * capped at 100, 40% inverse of a ratio. Our reading:
 * - each part is scored 0–100, then weighted: rating/5·100, min(count/20, 100), 100/(1+ratio);
 *   "count divided by 20 capped at 100" is taken literally, so 2000 ratings fill that part;
 * - `ratio` is lower-is-better and ≥ 0: the sessions the tutor cancelled or missed per session
 *   they were booked for (the spec does not define it; the server's cancellationRatios counts it,
 *   and a learner's cancellations do not count). Its inverse is 1/(1 + ratio): 0 → full marks, 1 → half,
 *   and it never divides by zero.
 * Out-of-range inputs are clamped; a non-finite rating or count scores 0 for that part.
 */
export function mentorScore({ rating, ratingCount, ratio }: { rating: number; ratingCount: number; ratio: number }): number {
  const ratingPart = (clamp(rating, 0, MENTOR_RATING_MAX) / MENTOR_RATING_MAX) * 100;
  const countPart = clamp(ratingCount / MENTOR_COUNT_DIVISOR, 0, MENTOR_COUNT_CAP);
  const ratioPart = Number.isNaN(ratio) ? 0 : 100 / (1 + Math.max(ratio, 0));
  return (
    MENTOR_SCORE_RATING_WEIGHT * ratingPart +
    MENTOR_SCORE_COUNT_WEIGHT * countPart +
    MENTOR_SCORE_RATIO_WEIGHT * ratioPart
  );
}

/** Non-finite input counts as 0, then the value is held within [min, max]. */
function clamp(value: number, min: number, max: number): number {
  const finite = Number.isFinite(value) ? value : 0;
  return Math.min(Math.max(finite, min), max);
}
