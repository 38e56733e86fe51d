import { describe, expect, it } from 'vitest';
import type { CourseDraftInput, Media } from '@parley/domain/courses';
import { draftFrom, durationTypingProblem, editorStateFrom, lessonFileEdit, moveItem, priceMinor, priceProblem, priceTypingProblem, type EditorState } from './course-editor-state';

const MODULE_ID = '6a0c1b2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const LESSON_ID = '7b1d2c3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e';
const MEDIA_ID = '3f2a1b0c-0000-4000-8000-000000000001';
const CAPTIONS_ID = '3f2a1b0c-0000-4000-8000-000000000002';

const draft: CourseDraftInput = {
  title: 'Everyday English',
  description: 'Speak with confidence at work and at home.',
  level: 'Beginner',
  coverMediaId: null,
  prices: { INR: 1_49_900, USD: 1_999 },
  modules: [{ _id: MODULE_ID, title: 'Basics', lessons: [{ _id: LESSON_ID, title: 'Greetings', kind: 'video', durationMin: 7, isPreview: true, mediaId: MEDIA_ID, captionsMediaId: CAPTIONS_ID, text: '' }] }],
  bonuses: [{ bonusName: 'Phrase list', mediaId: MEDIA_ID }],
};

const withState = (change: (state: EditorState) => EditorState) => change(editorStateFrom(draft));

describe('course editor state', () => {
  it('round-trips a stored draft through the editor unchanged', () => {
    const state = editorStateFrom(draft);
    expect(state.priceText).toEqual({ INR: '1499', USD: '19.99' });
    expect(draftFrom(state)).toEqual({ ok: true, draft });
  });

  it('converts prices typed in rupees and dollars to minor units, within COURSE_PRICE_RANGE', () => {
    expect(priceMinor('49', 'INR')).toBe(4_900);
    expect(priceMinor('100000', 'INR')).toBe(10_000_000);
    expect(priceMinor('100001', 'INR')).toBeNull();
    expect(priceMinor('48', 'INR')).toBeNull();
    // INR takes whole rupees: paise make it no price (the field says so), never a price cut or multiplied.
    expect(priceMinor('99.50', 'INR')).toBeNull();
    expect(priceMinor('99.', 'INR')).toBe(9_900);
    expect(priceMinor('0.99', 'USD')).toBe(99);
    expect(priceMinor('0.98', 'USD')).toBeNull();
    expect(priceMinor('1500', 'USD')).toBe(150_000);
    expect(priceMinor('1500.01', 'USD')).toBeNull();
    expect(priceMinor('', 'USD')).toBeNull();
  });

  it('reads a price as typed, never as another number', () => {
    // A leading dot is a fraction of a dollar, not the cents as dollars.
    expect(priceMinor('.99', 'USD')).toBe(99);
    expect(priceMinor('.5', 'USD')).toBeNull();
    expect(priceMinor('00.99', 'USD')).toBe(99);
    // Grouping commas where an amount has them; a decimal comma or a stray one is no price.
    expect(priceMinor('1,499', 'INR')).toBe(149_900);
    expect(priceMinor('1,00,000', 'INR')).toBe(10_000_000);
    expect(priceMinor('1,500.00', 'USD')).toBe(150_000);
    expect(priceMinor('1,5', 'USD')).toBeNull();
    expect(priceMinor('14,99', 'INR')).toBeNull();
    // What the old field cut into another number: a minus, a letter, a third decimal, a second dot.
    for (const text of ['-5', '12a3', '19.999', '12.3.4', '.', '99999999999999999999']) expect(priceMinor(text, 'USD')).toBeNull();
  });

  it('says what is wrong with a price, at once when no more keys can mend it', () => {
    expect(priceProblem('19.999', 'USD')).toBe('Enter the price in dollars and cents, from $0.99 to $1,500.00.');
    expect(priceProblem('-5', 'INR')).toBe('Enter the price in whole rupees, from ₹49 to ₹1,00,000.');
    expect(priceProblem('99.50', 'INR')).toBe('Enter the price in whole rupees, from ₹49 to ₹1,00,000.');
    expect(priceProblem('.5', 'USD')).toBe('Enter a price from $0.99 to $1,500.00.');
    expect(priceProblem('', 'USD')).toBe('Enter a price from $0.99 to $1,500.00.');
    expect(priceProblem('.99', 'USD')).toBeNull();
    // Half-typed prices are left alone while typing; the range waits for saving.
    for (const text of ['', '.', '0.', '1,', '12.', '12.3', '5']) expect(priceTypingProblem(text, 'USD')).toBeUndefined();
    expect(priceTypingProblem('12.345', 'USD')).toBe('Enter the price in dollars and cents, from $0.99 to $1,500.00.');
    expect(priceTypingProblem('-', 'USD')).toBe('Enter the price in dollars and cents, from $0.99 to $1,500.00.');
    expect(priceTypingProblem('99.5', 'INR')).toBe('Enter the price in whole rupees, from ₹49 to ₹1,00,000.');
    expect(priceTypingProblem('99.', 'INR')).toBeUndefined();
  });

  it('refuses a duration that is not whole minutes as typed', () => {
    expect(durationTypingProblem('')).toBeUndefined();
    expect(durationTypingProblem('25')).toBeUndefined();
    for (const text of ['2.5', '-5', '2,5', '5 min']) expect(durationTypingProblem(text)).toBe('Enter whole minutes from 1 to 600.');
    const lessonWith = (durationText: string) => withState((state) => ({ ...state, modules: [{ ...state.modules[0]!, lessons: [{ ...state.modules[0]!.lessons[0]!, durationText }] }] }));
    for (const text of ['2.5', '-5', '1000', '0']) expect(draftFrom(lessonWith(text))).toEqual({ ok: false, errors: { 'modules.0.lessons.0.durationMin': 'Enter whole minutes from 1 to 600.' } });
    expect(draftFrom(lessonWith('25'))).toMatchObject({ ok: true });
  });

  it('names every bad field by the path the server uses', () => {
    const result = draftFrom(
      withState((state) => ({
        ...state,
        title: '   ',
        priceText: { INR: '', USD: '2000' },
        modules: [{ ...state.modules[0]!, title: '', lessons: [{ ...state.modules[0]!.lessons[0]!, title: '', durationText: '0' }] }],
        bonuses: [{ key: 'b', bonusName: 'Worksheet', mediaId: null }],
      })),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'Give the course a title.',
        'prices.INR': 'Enter a price from ₹49 to ₹1,00,000.',
        'prices.USD': 'Enter a price from $0.99 to $1,500.00.',
        'modules.0.title': 'Name the module.',
        'modules.0.lessons.0.title': 'Name the lesson.',
        'modules.0.lessons.0.durationMin': 'Enter whole minutes from 1 to 600.',
        'bonuses.0.mediaId': 'Upload the file.',
      },
    });
  });

  it('sends a text lesson without a file and a video lesson without text', () => {
    const result = draftFrom(withState((state) => ({ ...state, modules: [{ ...state.modules[0]!, lessons: [{ ...state.modules[0]!.lessons[0]!, kind: 'text', text: 'Hello' }] }] })));
    expect(result.ok && result.draft.modules[0]!.lessons[0]).toMatchObject({ kind: 'text', mediaId: null, text: 'Hello' });
    const video = draftFrom(withState((state) => ({ ...state, modules: [{ ...state.modules[0]!, lessons: [{ ...state.modules[0]!.lessons[0]!, text: 'left over' }] }] })));
    expect(video.ok && video.draft.modules[0]!.lessons[0]).toMatchObject({ kind: 'video', mediaId: MEDIA_ID, text: '' });
  });

  it('moves an item one place and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('a lesson file uploaded', () => {
  const media = (over: Partial<Media>): Media => ({ _id: 'm-1', kind: 'video', contentType: 'video/webm', sizeBytes: 1, name: 'a.webm', durationSeconds: null, url: '/x', ...over });

  it('sets a video lesson’s minutes from the file’s length, rounded up, at least 1', () => {
    expect(lessonFileEdit(media({ durationSeconds: 5 }))).toEqual({ mediaId: 'm-1', durationText: '1' });
    expect(lessonFileEdit(media({ durationSeconds: 240 }))).toEqual({ mediaId: 'm-1', durationText: '4' });
    expect(lessonFileEdit(media({ durationSeconds: 241 }))).toEqual({ mediaId: 'm-1', durationText: '5' });
  });

  it('leaves the minutes alone when the file does not say, or is a PDF', () => {
    expect(lessonFileEdit(media({ durationSeconds: null }))).toEqual({ mediaId: 'm-1' });
    expect(lessonFileEdit(media({ kind: 'pdf', contentType: 'application/pdf' }))).toEqual({ mediaId: 'm-1' });
  });

  it('takes a captions file as the lesson’s captions, not its video', () => {
    expect(lessonFileEdit(media({ kind: 'captions', contentType: 'text/vtt', durationSeconds: null }))).toEqual({ captionsMediaId: 'm-1' });
  });

  it('sends captions with a video lesson only, and keeps them while the lesson is briefly another kind', () => {
    const asPdf = withState((state) => ({ ...state, modules: state.modules.map((m) => ({ ...m, lessons: m.lessons.map((l) => ({ ...l, kind: 'pdf' as const })) })) }));
    expect(asPdf.modules[0]!.lessons[0]!.captionsMediaId).toBe(CAPTIONS_ID);
    const sent = draftFrom(asPdf);
    expect(sent.ok && sent.draft.modules[0]!.lessons[0]!.captionsMediaId).toBeNull();
  });
});
