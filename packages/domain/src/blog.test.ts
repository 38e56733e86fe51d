import { describe, expect, it } from 'vitest';
import { blogFrontMatterSchema, blogSlugSchema, countWords, READING_WORDS_PER_MINUTE, readingTimeMin } from './blog';

describe('reading time', () => {
  it('reads 200 words a minute', () => {
    expect(READING_WORDS_PER_MINUTE).toBe(200);
  });

  it('counts words, keeping contractions and hyphenated words whole', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  \n ')).toBe(0);
    expect(countWords("Don't stop: a well-known IELTS tip, 7.5 bands!")).toBe(8);
    expect(countWords('## Heading\n\n- one *two* `three`')).toBe(4);
    expect(countWords('नमस्ते दुनिया')).toBe(2);
  });

  it('rounds up to whole minutes and never says 0', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(readingTimeMin('')).toBe(1);
    expect(readingTimeMin(words(1))).toBe(1);
    expect(readingTimeMin(words(200))).toBe(1);
    expect(readingTimeMin(words(201))).toBe(2);
    expect(readingTimeMin(words(800))).toBe(4);
    expect(readingTimeMin(words(801))).toBe(5);
  });
});

describe('blog files', () => {
  it('takes lower-case hyphenated slugs only', () => {
    expect(blogSlugSchema.safeParse('ielts-writing-task-2').success).toBe(true);
    for (const bad of ['', 'Upper', 'two--hyphens', '-lead', 'trail-', 'dots.md', '../etc', 'a b']) expect(blogSlugSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('needs a title, an ISO date and a description in the front matter', () => {
    const ok = { title: 'A post', date: '2026-03-14', description: 'What it is about.' };
    expect(blogFrontMatterSchema.parse(ok)).toEqual({ ...ok, tags: [] });
    expect(blogFrontMatterSchema.safeParse({ ...ok, date: '14/03/2026' }).success).toBe(false);
    expect(blogFrontMatterSchema.safeParse({ ...ok, title: ' ' }).success).toBe(false);
    expect(blogFrontMatterSchema.safeParse({ date: ok.date, description: ok.description }).success).toBe(false);
  });
});
