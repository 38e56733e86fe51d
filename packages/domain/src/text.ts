import { z } from 'zod';

// Text a person typed (names, codes, messages). Control characters never belong in it:
// Postgres refuses NUL in text outright, and the others (escape sequences, backspace, bell)
// only ever disguise what another person is shown. So do the bidirectional overrides,
// embeddings and isolates (U+202A–202E, U+2066–2069: "Rahul \u202Eatsyerp" shows reversed), and
// in one-line text (a name, a code) the invisible characters that join nothing (zero-width
// space, word joiner and its kin, BOM): "Pa\u200Brley Support" passes for "Parley Support";
// long text pasted from elsewhere often carries them harmlessly. A name also refuses whatever
// else shows as nothing (`nameInvisibles`): every format character (Unicode's Cf: soft hyphen,
// invisible operators, the Mongolian vowel separator, deprecated and musical format marks…) but
// the marks real text needs; the Hangul fillers, which count as letters ("\u3164\u3164" looks
// empty); the grapheme joiner, Khmer's inherent vowels, the Braille blank; the zero-width joiner
// and non-joiner where they join nothing (between Latin letters, at an edge); and variation
// selectors and tag characters outside the sequences that use them (an emoji's presentation, a
// keycap, a subdivision flag such as England's, a CJK or Mongolian variant). Letters of every
// script, RTL text (with its left-to-right and right-to-left marks), emoji (with the zero-width
// joiner) and the zero-width non-joiner some scripts need are welcome. Half of a UTF-16 pair is
// not text at all, so it is refused too.

const DIRECTION_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
const INVISIBLES = '\\u200b\\u2060-\\u2064\\ufeff';
const CONTROLS = `\\u0000-\\u001f\\u007f-\\u009f${DIRECTION_CONTROLS}${INVISIBLES}`;
const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const singleLineForbidden = new RegExp(`[${CONTROLS}]|${LONE_SURROGATE}`);
/** Format characters that real text needs: the joiners (checked below), the direction marks, Arabic's number signs, tags (checked below). */
const FORMAT_KEPT = '\\u200c-\\u200f\\u061c\\u0600-\\u0605\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u{110bd}\\u{110cd}\\u{e0020}-\\u{e007f}';
/** Not format characters, yet shown as nothing: grapheme joiner, Hangul fillers, Khmer inherent vowels, line and paragraph separators, Braille blank, null notehead. */
const BLANKS = '\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u2028\\u2029\\u2800\\u3164\\uffa0\\u{1d159}';
/** A joiner that joins nothing: at an edge, or next to a Latin, Greek or Cyrillic letter, a digit, punctuation or a space. */
const LOOSE_JOINER = '(?:^|[\\p{Script=Latin}\\p{Script=Greek}\\p{Script=Cyrillic}\\p{N}\\p{P}\\p{Z}])[\\u200c\\u200d]|[\\u200c\\u200d](?:$|[\\p{Script=Latin}\\p{Script=Greek}\\p{Script=Cyrillic}\\p{Z}])';
const nameInvisibles = new RegExp(`(?![${FORMAT_KEPT}])\\p{Cf}|[${BLANKS}]|${LOOSE_JOINER}`, 'u');
/** The sequences variation selectors and tags belong to: emoji presentation, keycaps, CJK (and Myanmar) variants, Mongolian variants, subdivision flags. */
const selectorSequences = /\p{Extended_Pictographic}[\ufe0e\ufe0f]|[#*0-9]\ufe0f\u20e3|[\p{Script=Han}\p{Script=Myanmar}][\ufe00-\ufe0f\u{e0100}-\u{e01ef}]|\p{Script=Mongolian}[\u180b-\u180d\u180f]|\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f}/gu;
const selectorsAndTags = /[\ufe00-\ufe0f\u180b-\u180d\u180f\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;

// Multi-line text keeps tab (\u0009) and newline (\u000a).
const multiLineForbidden = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${DIRECTION_CONTROLS}]|${LONE_SURROGATE}`);

export const FORBIDDEN_CHARACTERS_MESSAGE = 'Contains characters that are not allowed';

/** True when `text` is fit to store and show as one line (a name, a code, a file name). */
export const isSingleLineText = (text: string) =>
  !singleLineForbidden.test(text) && !nameInvisibles.test(text) && !selectorsAndTags.test(text.replace(selectorSequences, ''));

/** Whitespace (nbsp included) and what Unicode draws as nothing: zero-width spaces, joiners, word joiners, BOMs, soft hyphens, variation selectors, Hangul fillers; and the Braille blank. */
const shownAsNothing = /[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** How many characters of `text` show (code points, so an emoji is one): what "a few words" and "not empty" count. */
export const visibleLength = (text: string) => Array.from(text.replace(shownAsNothing, '')).length;

/** What a field too long says (zod's own "Too big: expected string to have <=80 characters" is not for people). */
export const tooLongMessage = (max: number) => `Use at most ${max} characters`;

const oneLine = (text: z.ZodString, max: number) =>
  text.max(max, { message: tooLongMessage(max) }).refine(isSingleLineText, { message: FORBIDDEN_CHARACTERS_MESSAGE });

/** A one-line text field of at most `max` characters: no control characters at all. */
export const singleLineText = (max: number) => oneLine(z.string(), max);

/** The same, kept without the spaces around it, which do not count toward `max`. */
export const trimmedLine = (max: number) => oneLine(z.string().trim(), max);

/** The same, with each run of spaces inside kept as one (a name: "Emily   Carter" is "Emily Carter"). */
export const tidiedLine = (max: number) =>
  oneLine(
    z
      .string()
      .trim()
      .overwrite((text) => text.replace(/ {2,}/g, ' ')),
    max,
  );

/** A multi-line text field (a chat message): newlines and tabs allowed, other controls not. */
export const safeText = (max: number) =>
  z
    .string()
    .max(max, { message: tooLongMessage(max) })
    .refine((text) => !multiLineForbidden.test(text), { message: FORBIDDEN_CHARACTERS_MESSAGE });

/** A web address people may follow from Parley's pages: http(s) only, so it is safe to show as a link. */
export const webAddress = (message = 'Enter a web address starting with https://') => z.url({ protocol: /^https?$/, message });

/** An id a payment provider issued (`order_…`, `pay_…`, an event id): a token, never free text. */
export const providerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Not a valid id' });
