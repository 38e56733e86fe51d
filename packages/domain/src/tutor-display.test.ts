import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bioPreview, countWords, mentorScore, shortTag } from './tutor-display';

describe('shortTag', () => {
  it.each([
    ['Foundation Builder', 'Foundation'],
    ['Vocabulary Whiz', 'Vocabulary'],
    ['Grammar Guru', 'Grammar'],
    ['Pronunciation Police', 'Pronunciation'],
    ['Accent Trainer', 'Accent'],
    ['Interview Expert', 'Interview'],
    ['Creative Conversationalist', 'Creativity'],
    ['Business English', 'Business English'],
    ['grammar guru', 'grammar guru'],
  ])('%s → %s', (tag, shown) => {
    expect(shortTag(tag)).toBe(shown);
  });
});

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');

describe('bioPreview', () => {
  it('is empty for null, empty or blank bios', () => {
    for (const bio of [null, '', '   \n ']) {
      expect(bioPreview(bio)).toEqual({ text: '', fullText: '', hasReadMore: false, isEmpty: true });
    }
  });
  it('shows Read more from 50 words, not at 49', () => {
    expect(bioPreview(words(49)).hasReadMore).toBe(false);
    expect(bioPreview(words(50)).hasReadMore).toBe(true);
  });
  it('cuts a long bio with Read more to 250 characters plus an ellipsis', () => {
    const bio = words(60, 'abcdefghi'); // 60 × 10 − 1 = 599 characters
    const preview = bioPreview(bio);
    expect(preview.text).toBe(bio.slice(0, 249) + '…'); // character 250 is a space, trimmed
    expect(preview.fullText).toBe(bio);
    const exact = words(50, 'abcd') + 'x'.repeat(10); // 259 characters, character 250 is 'x'
    expect(Array.from(bioPreview(exact).text)).toHaveLength(251);
  });
  it('leaves a 50-word bio of at most 250 characters whole', () => {
    const bio = words(50, 'abcd'); // 249 characters
    expect(bioPreview(bio)).toEqual({ text: bio, fullText: bio, hasReadMore: true, isEmpty: false });
  });
  it('never cuts a bio under 50 words, however long', () => {
    const bio = words(10, 'x'.repeat(40));
    expect(bioPreview(bio).text).toBe(bio);
  });
  it('never splits an emoji', () => {
    const bio = words(50, '😀😀😀😀😀😀');
    expect(bioPreview(bio).text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
  it('never shows more than 250 characters of the bio, and always a prefix of it', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 120 }), (parts) => {
        const preview = bioPreview(parts.join(' '));
        const shown = preview.text.endsWith('…') ? preview.text.slice(0, -1) : preview.text;
        if (preview.hasReadMore) expect(Array.from(shown).length).toBeLessThanOrEqual(250);
        expect(preview.fullText.startsWith(shown)).toBe(true);
        expect(preview.hasReadMore).toBe(countWords(preview.fullText) >= 50);
      }),
    );
  });
});

describe('mentorScore', () => {
  it('is 100 for a perfect tutor with 2000 ratings and ratio 0', () => {
    expect(mentorScore({ rating: 5, ratingCount: 2000, ratio: 0 })).toBeCloseTo(100, 10);
  });
  it('weights rating 30%', () => {
    expect(mentorScore({ rating: 5, ratingCount: 0, ratio: Infinity })).toBeCloseTo(30, 10);
    expect(mentorScore({ rating: 2.5, ratingCount: 0, ratio: Infinity })).toBeCloseTo(15, 10);
  });
  it('weights count/20 (capped at 100) 30%', () => {
    expect(mentorScore({ rating: 0, ratingCount: 200, ratio: Infinity })).toBeCloseTo(3, 10); // 200/20 = 10
    expect(mentorScore({ rating: 0, ratingCount: 2000, ratio: Infinity })).toBeCloseTo(30, 10);
    expect(mentorScore({ rating: 0, ratingCount: 10_000, ratio: Infinity })).toBeCloseTo(30, 10);
  });
  it('weights the inverse ratio 1/(1+ratio) 40%', () => {
    expect(mentorScore({ rating: 0, ratingCount: 0, ratio: 0 })).toBeCloseTo(40, 10);
    expect(mentorScore({ rating: 0, ratingCount: 0, ratio: 1 })).toBeCloseTo(20, 10);
    expect(mentorScore({ rating: 0, ratingCount: 0, ratio: 3 })).toBeCloseTo(10, 10);
  });
  it('stays within 0–100 and never rewards a worse ratio', () => {
    const num = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Infinity, -Infinity));
    fc.assert(
      fc.property(num, num, num, (rating, ratingCount, ratio) => {
        const score = mentorScore({ rating, ratingCount, ratio });
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100 + 1e-9);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), (a, b) => {
        const [low, high] = a < b ? [a, b] : [b, a];
        const score = (ratio: number) => mentorScore({ rating: 4, ratingCount: 100, ratio });
        expect(score(low)).toBeGreaterThanOrEqual(score(high));
      }),
    );
  });
});
