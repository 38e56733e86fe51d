import { describe, expect, it } from 'vitest';
import { TUTOR_TAGS } from './tutor-display';
import { TUTOR_BIO_MAX, TUTOR_TAGS_MAX, tutorProfilePayload, tutorProfileTexts } from './tutor-profile';

const valid = { bio: 'I teach conversation.', tags: ['Grammar Guru'], country: 'IN', timezone: 'Asia/Kolkata' };
const problems = (input: unknown) => {
  const result = tutorProfilePayload.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('a tutor profile', () => {
  it('has the seven tags learners see on cards, at most three a tutor, and a bio of up to 1,000 characters', () => {
    expect(TUTOR_TAGS).toEqual([
      'Foundation Builder',
      'Vocabulary Whiz',
      'Grammar Guru',
      'Pronunciation Police',
      'Accent Trainer',
      'Interview Expert',
      'Creative Conversationalist',
    ]);
    expect(TUTOR_TAGS_MAX).toBe(3);
    expect(TUTOR_BIO_MAX).toBe(1000);
  });

  it('takes a trimmed bio of up to the limit, an empty one too (the card then says there is none)', () => {
    expect(tutorProfilePayload.parse({ ...valid, bio: `  ${'a'.repeat(TUTOR_BIO_MAX)}  ` }).bio).toHaveLength(TUTOR_BIO_MAX);
    expect(tutorProfilePayload.parse({ ...valid, bio: '   ' }).bio).toBe('');
    expect(tutorProfilePayload.parse({ ...valid, bio: 'Line one.\nLine two.' }).bio).toBe('Line one.\nLine two.');
    expect(problems({ ...valid, bio: 'a'.repeat(TUTOR_BIO_MAX + 1) })).toEqual({ bio: 'Use at most 1000 characters' });
    expect(problems({ ...valid, bio: 'bad\u0000text' })).toEqual({ bio: 'Contains characters that are not allowed' });
  });

  it('takes one to three distinct tags from the list', () => {
    expect(tutorProfilePayload.parse({ ...valid, tags: ['Grammar Guru', 'Accent Trainer', 'Interview Expert'] }).tags).toHaveLength(3);
    expect(problems({ ...valid, tags: [] })).toEqual({ tags: tutorProfileTexts.tagsMin });
    expect(problems({ ...valid, tags: ['Grammar Guru', 'Accent Trainer', 'Interview Expert', 'Vocabulary Whiz'] })).toEqual({ tags: tutorProfileTexts.tagsMax });
    expect(problems({ ...valid, tags: ['Grammar Guru', 'Grammar Guru'] })).toEqual({ tags: tutorProfileTexts.tagsDistinct });
    expect(problems({ ...valid, tags: ['Best Tutor'] })).toEqual({ 'tags.0': tutorProfileTexts.tagUnknown });
  });

  it('asks for a known country and time zone, stored by its current name', () => {
    expect(tutorProfilePayload.parse({ ...valid, timezone: 'Asia/Calcutta' }).timezone).toBe('Asia/Kolkata');
    expect(problems({ ...valid, timezone: 'Mars/Olympus' })).toEqual({ timezone: 'Unknown timezone' });
    expect(problems({ ...valid, country: 'XX' })).toEqual({ country: 'Choose a country from the list' });
  });

  it('says what the tag rules are in plain words', () => {
    expect(tutorProfileTexts).toEqual({
      tagsMin: 'Choose at least one tag',
      tagsMax: 'Choose at most 3 tags',
      tagsDistinct: 'Choose each tag once',
      tagUnknown: 'Choose tags from the list',
    });
  });
});
