import { describe, expect, it } from 'vitest';
import type { CourseDraftInput } from '@parley/domain/courses';
import { draftFrom, editorStateFrom, moveItem, priceMinor, type EditorState } from './course-editor-state';

const MODULE_ID = '6a0c1b2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const LESSON_ID = '7b1d2c3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e';
const MEDIA_ID = '3f2a1b0c-0000-4000-8000-000000000001';

const draft: CourseDraftInput = {
  title: 'Everyday English',
  description: 'Speak with confidence at work and at home.',
  level: 'Beginner',
  coverMediaId: null,
  prices: { INR: 1_49_900, USD: 1_999 },
  modules: [{ _id: MODULE_ID, title: 'Basics', lessons: [{ _id: LESSON_ID, title: 'Greetings', kind: 'video', durationMin: 7, isPreview: true, mediaId: MEDIA_ID, text: '' }] }],
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
