import { describe, expect, it } from 'vitest';
import { providerIdSchema, safeText, singleLineText } from './text';

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
