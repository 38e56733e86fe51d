import { z } from 'zod';

// Text a person typed (names, codes, messages). Control characters never belong in it:
// Postgres refuses NUL in text outright, and the others (escape sequences, backspace, bell)
// only ever disguise what another person is shown. So do the bidirectional overrides,
// embeddings and isolates (U+202A–202E, U+2066–2069: "Rahul \u202Eatsyerp" shows reversed), and
// in one-line text (a name, a code) the invisible characters that join nothing (zero-width
// space, word joiner and its kin, BOM): "Pa\u200Brley Support" passes for "Parley Support";
// long text pasted from elsewhere often carries them harmlessly. Letters of every script, RTL text (with
// its left-to-right and right-to-left marks), emoji (with the zero-width joiner) and the
// zero-width non-joiner some scripts need are welcome. Half of a UTF-16 pair is not text at
// all, so it is refused too.

const DIRECTION_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
const INVISIBLES = '\\u200b\\u2060-\\u2064\\ufeff';
const CONTROLS = `\\u0000-\\u001f\\u007f-\\u009f${DIRECTION_CONTROLS}${INVISIBLES}`;
const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const singleLineForbidden = new RegExp(`[${CONTROLS}]|${LONE_SURROGATE}`);
// Multi-line text keeps tab (\u0009) and newline (\u000a).
const multiLineForbidden = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${DIRECTION_CONTROLS}]|${LONE_SURROGATE}`);

export const FORBIDDEN_CHARACTERS_MESSAGE = 'Contains characters that are not allowed';

/** True when `text` is fit to store and show as one line (a name, a code, a file name). */
export const isSingleLineText = (text: string) => !singleLineForbidden.test(text);

/** A one-line text field of at most `max` characters: no control characters at all. */
export const singleLineText = (max: number) =>
  z.string().max(max).refine(isSingleLineText, { message: FORBIDDEN_CHARACTERS_MESSAGE });

/** A multi-line text field (a chat message): newlines and tabs allowed, other controls not. */
export const safeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !multiLineForbidden.test(text), { message: FORBIDDEN_CHARACTERS_MESSAGE });

/** An id a payment provider issued (`order_…`, `pay_…`, an event id): a token, never free text. */
export const providerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Not a valid id' });
