import { describe, expect, it } from 'vitest';
import { rejectCoursePayload } from './courses';
import { meetingMessagePayload } from './live-sessions';
import { moderationReasonPayload } from './moderation';
import { peerReportPayload } from './peer';
import { providerIdSchema, safeText, singleLineText, visibleLength } from './text';

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('user text', () => {
  const name = singleLineText(80);
  const message = safeText(2000);

  it('accepts letters of every script, RTL text and emoji', () => {
    for (const text of ['Rohan Sharma', 'José Núñez', 'مرحبا', 'שלום', '日本語', '😀👩‍👩‍👧‍👦', "O'Brien-Smith", '']) {
      expect(accepts(name, text), text).toBe(true);
      expect(accepts(message, text), text).toBe(true);
    }
  });

  it('refuses NUL and the other control characters', () => {
    for (const text of ['\u0000', 'Ro\u0000han', 'a\u0001b', '\u001b[31mred', 'del\u007f', 'c1\u0085', 'cr\r']) {
      expect(accepts(name, text), JSON.stringify(text)).toBe(false);
      expect(accepts(message, text), JSON.stringify(text)).toBe(false);
    }
  });

  it('refuses text-direction overrides anywhere, and invisible characters in a name', () => {
    for (const text of ['Rahul \u202Eatsyerp\u202C Verma', 'a\u2067b\u2069', '\u2066x', '\u202Aembed']) {
      expect(accepts(name, text), JSON.stringify(text)).toBe(false);
      expect(accepts(message, text), JSON.stringify(text)).toBe(false);
    }
    for (const text of ['Pa\u200Brley Support', 'word\u2060joined', '\ufeffBOM']) {
      expect(accepts(name, text), JSON.stringify(text)).toBe(false);
      expect(accepts(message, text), JSON.stringify(text)).toBe(true);
    }
    // The marks and joiners real text needs stay: RTL marks, the emoji joiner, the non-joiner of Persian and Indic scripts.
    for (const text of ['\u200Fمرحبا\u200E (Ali)', '👩\u200D💻', 'می\u200Cخواهم', 'क्\u200Cष']) {
      expect(accepts(name, text), JSON.stringify(text)).toBe(true);
      expect(accepts(message, text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses in a name the characters that show as nothing: fillers, soft hyphen, invisible operators and format marks, stray selectors and tags', () => {
    const invisible = {
      'Hangul fillers': ['\u3164', '\u115F', '\u1160', '\uFFA0'],
      'soft hyphen, grapheme joiner': ['\u00AD', '\u034F'],
      'Khmer inherent vowels, Mongolian vowel separator': ['\u17B4', '\u17B5', '\u180E'],
      'invisible operators and deprecated format marks': ['\u2061', '\u2062', '\u2063', '\u2064', '\u206A', '\u206F', '\uFFF9', '\uFFFB'],
      'blank-looking letters': ['\u2800', '\u{1D159}', '\u{1D173}', '\u{1BCA0}'],
      'variation selectors after nothing they vary': ['\uFE00', '\uFE0E', '\uFE0F', '\u{E0100}', '\u180B'],
      'tag characters outside a flag': ['\u{E0001}', '\u{E0020}', '\u{E0067}', '\u{E007F}'],
      'joiners that join nothing': ['\u200C', '\u200D'],
      'line and paragraph separators': ['\u2028', '\u2029'],
    };
    for (const [kind, characters] of Object.entries(invisible)) {
      for (const character of characters) {
        for (const text of [character, `Parley${character} Support`, `${character}Rohan`, `Rohan ${character}`]) {
          expect(accepts(name, text), `${kind}: ${JSON.stringify(text)}`).toBe(false);
        }
      }
    }
    // The names they imitate, and longer text pasted from elsewhere, are fine as documented.
    for (const text of ['\u3164', 'Parley\u00AD Support', 'Rohan\uFE0F', 'Pa\u{E0067}rley']) expect(accepts(message, text), JSON.stringify(text)).toBe(true);
  });

  it('keeps the selectors and tags that real names carry: emoji presentation, keycaps, subdivision flags, CJK and Mongolian variants', () => {
    for (const text of [
      'Priya ❤️',
      'Rohan ☺︎',
      'Team 1️⃣',
      'Go 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}!',
      '葛\u{E0100}飾',
      '邉\uFE00',
      'ᠭᠠ\u180Bᠯ',
      '한글 이름',
      '👩\u200D💻 Ana',
    ]) {
      expect(accepts(name, text), JSON.stringify(text)).toBe(true);
    }
    // A flag's tags end with a cancel tag; a run that does not is refused.
    expect(accepts(name, '🏴\u{E0067}\u{E0062}')).toBe(false);
    expect(accepts(name, 'x\u{E0067}\u{E007F}')).toBe(false);
  });

  it('keeps newline and tab in multi-line text only', () => {
    expect(accepts(message, 'line one\nline two\tend')).toBe(true);
    expect(accepts(name, 'line one\nline two')).toBe(false);
    expect(accepts(name, 'a\tb')).toBe(false);
  });

  it('refuses half of a UTF-16 pair but not a whole pair', () => {
    expect(accepts(name, '\ud83d')).toBe(false);
    expect(accepts(name, 'x\ude00')).toBe(false);
    expect(accepts(name, '\ud83d\ude00')).toBe(true);
  });

  it('keeps the length limit', () => {
    expect(accepts(name, 'x'.repeat(80))).toBe(true);
    expect(accepts(name, 'x'.repeat(81))).toBe(false);
    expect(accepts(message, 'x'.repeat(1_000_000))).toBe(false);
  });

  it('still chains like any string schema', () => {
    expect(name.trim().min(2).parse('  Rohan  ')).toBe('Rohan');
    expect(accepts(name.trim().min(2), ' R ')).toBe(false);
  });
});

describe('provider ids', () => {
  it('accepts the ids providers issue', () => {
    for (const id of ['order_abc123', 'pay_Xy-9_z', 'evt_KhJ3xS2bZ7DwTi', 'a'.repeat(64)]) expect(accepts(providerIdSchema, id), id).toBe(true);
  });
  it('refuses free text', () => {
    for (const id of ['', '\u0000', 'order abc', 'order_1\u0000', 'ordér', '../x', 'a'.repeat(65), 42]) expect(accepts(providerIdSchema, id), String(id)).toBe(false);
  });
});

describe('a text too long', () => {
  it('says the most it takes in plain words', () => {
    expect(singleLineText(80).safeParse('x'.repeat(81)).error?.issues[0]?.message).toBe('Use at most 80 characters');
    expect(safeText(2000).safeParse('x'.repeat(2001)).error?.issues[0]?.message).toBe('Use at most 2000 characters');
    expect(singleLineText(80).safeParse('x'.repeat(80)).success).toBe(true);
  });
});

describe('visibleLength', () => {
  it('counts the characters that show: not spaces, zero-width ones, joiners, BOMs or the Braille blank; an emoji is one', () => {
    expect(visibleLength('a\u200b b')).toBe(2);
    expect(visibleLength('\u200b\u200b\u2060\ufeff\u00ad\u2800 \u00a0\n')).toBe(0);
    expect(visibleLength('😀 ok')).toBe(3);
  });

  it('holds the few-words reasons and the class chat to characters that show', () => {
    const fiveZeroWidth = '\u200b'.repeat(5);
    expect(moderationReasonPayload.safeParse({ reason: fiveZeroWidth }).error?.issues[0]?.message).toBe('Say why in a few words');
    expect(rejectCoursePayload.safeParse({ reason: fiveZeroWidth }).success).toBe(false);
    expect(peerReportPayload.safeParse({ reason: fiveZeroWidth }).success).toBe(false);
    expect(meetingMessagePayload.safeParse({ message: '\u200b\u200b' }).error?.issues[0]?.message).toBe('Write a message');
    expect(meetingMessagePayload.safeParse({ message: 'Hi 👋' }).success).toBe(true);
  });
});
