import { describe, expect, it } from 'vitest';
import { countOf, withArticle } from './plural';

describe('countOf', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(countOf(1, 'session')).toBe('1 session');
    expect(countOf(0, 'session')).toBe('0 sessions');
    expect(countOf(2, 'session')).toBe('2 sessions');
    expect(countOf(1.5, 'hour')).toBe('1.5 hours');
  });

  it('takes an irregular plural, and groups thousands', () => {
    expect(countOf(3, 'person', 'people')).toBe('3 people');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(1200, 'minute')).toBe('1,200 minutes');
  });
});

describe('withArticle', () => {
  it('puts "an" before a vowel and "a" before anything else, as the session subjects need', () => {
    expect(withArticle('English')).toBe('an English');
    expect(withArticle('IELTS')).toBe('an IELTS');
    expect(withArticle('Kids')).toBe('a Kids');
    expect(withArticle('Financial Education')).toBe('a Financial Education');
  });
});
