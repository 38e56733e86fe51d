import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_BEAT_MAX_SECONDS,
  averageRating,
  courseGiftPayload,
  CART_MAX_COURSES,
  cartTotal,
  COURSE_LIMIT_DEFAULT,
  COURSE_LIMIT_MAX,
  COURSE_PAGE_DEFAULT,
  COURSE_PRICE_RANGE,
  COURSE_SUBSCRIPTION_DAYS,
  courseDraftInput,
  courseDraftPayload,
  createCoursePayload,
  courseMessages,
  courseSubscriptionPrice,
  draftProblems,
  earnsCertificate,
  getAllCoursesQuery,
  GIFT_VALID_DAYS,
  giftRefund,
  LESSON_COMPLETE_READ_MIN_SECONDS,
  LESSON_COMPLETE_VIDEO_SHARE,
  lessonCompletion,
  MEDIA_LIMITS,
  MEDIA_EXTENSIONS,
  BONUS_MEDIA_KINDS,
  lessonInputSchema,
  progressPercent,
  ratingPayload,
  type CourseDraftInput,
} from './courses';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('course numbers', () => {
  it('pages the catalogue at page 1, limit 100, never more than 100 a page', () => {
    expect([COURSE_PAGE_DEFAULT, COURSE_LIMIT_DEFAULT, COURSE_LIMIT_MAX]).toEqual([1, 100, 100]);
    expect(getAllCoursesQuery.parse({})).toMatchObject({ page: 1, limit: 100 });
    expect(getAllCoursesQuery.parse({ page: '3', limit: '12', subject: 'AI' })).toMatchObject({ page: 3, limit: 12, subject: 'AI' });
    expect(getAllCoursesQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(getAllCoursesQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  it('keeps carts, beats, subscriptions and gifts to their limits', () => {
    expect(CART_MAX_COURSES).toBe(20);
    expect(ANALYTICS_BEAT_MAX_SECONDS).toBe(120);
    expect(COURSE_SUBSCRIPTION_DAYS).toBe(30);
    expect(GIFT_VALID_DAYS).toBe(365);
  });

  it('gives an unredeemed gift’s price back in the giver’s wallet currency, at the rate of the day when that differs', () => {
    expect(giftRefund({ amountMinor: 49_900, currency: 'INR' }, 'INR', 82)).toEqual({ amountMinor: 49_900, currency: 'INR' });
    expect(giftRefund({ amountMinor: 999, currency: 'USD' }, 'USD', 82)).toEqual({ amountMinor: 999, currency: 'USD' });
    // A giver who moved country after making the wallet: ₹499 at 82 ₹/$ is $6.09; $9.99 is ₹819.18.
    expect(giftRefund({ amountMinor: 49_900, currency: 'INR' }, 'USD', 82)).toEqual({ amountMinor: 609, currency: 'USD' });
    expect(giftRefund({ amountMinor: 999, currency: 'USD' }, 'INR', 82)).toEqual({ amountMinor: 81_918, currency: 'INR' });
    expect(courseMessages.giftRefunded('Everyday English', 'Meera', '₹499')).toBe(
      'Meera did not redeem your gift of “Everyday English” within 365 days, so the gift has expired and ₹499 is back in your wallet.',
    );
  });

  it('limits uploads by kind: 200 MB video, 20 MB PDF, 5 MB images, 1 MB WebVTT captions', () => {
    expect(MEDIA_LIMITS.video.maxBytes).toBe(200 * 1024 * 1024);
    expect(MEDIA_LIMITS.pdf.maxBytes).toBe(20 * 1024 * 1024);
    expect(MEDIA_LIMITS.image.maxBytes).toBe(5 * 1024 * 1024);
    expect(MEDIA_LIMITS.captions).toEqual({ maxBytes: 1024 * 1024, types: ['text/vtt'] });
    expect(MEDIA_EXTENSIONS['text/vtt']).toBe('vtt');
    // Captions belong to a video lesson; a bonus file is a video, a PDF or an image.
    expect(BONUS_MEDIA_KINDS).toEqual(['video', 'pdf', 'image']);
  });

  it('prices course subscriptions per subject in each currency', () => {
    expect(courseSubscriptionPrice('English', 'INR')).toEqual({ amountMinor: 99_900, currency: 'INR' });
    expect(courseSubscriptionPrice('AI', 'USD')).toEqual({ amountMinor: 1_799, currency: 'USD' });
  });
});

describe('progress and certificates', () => {
  it('rounds progress down, so 100 % means every lesson is done', () => {
    expect(progressPercent(0, 8)).toBe(0);
    expect(progressPercent(4, 8)).toBe(50);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(7, 8)).toBe(87);
    expect(progressPercent(8, 8)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });

  it('never reports 100 % before the last lesson, nor more than 100 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 600 }), (total, completed) => {
        const percent = progressPercent(completed, total);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(percent === 100).toBe(completed >= total);
        expect(earnsCertificate(completed, total)).toBe(completed >= total);
      }),
    );
  });

  it('issues no certificate for a course without lessons', () => {
    expect(earnsCertificate(0, 0)).toBe(false);
  });
});

describe('completing a lesson', () => {
  const startedAt = new Date('2026-11-28T10:00:00Z');
  const after = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);
  const video = { kind: 'video', durationMin: 8 } as const;

  it('waits half a video’s length (2× playback still completes it) and a short read for a PDF or text lesson', () => {
    expect(LESSON_COMPLETE_VIDEO_SHARE).toBe(0.5);
    expect(LESSON_COMPLETE_READ_MIN_SECONDS).toBe(30);
    expect(lessonCompletion(video, startedAt, after(239))).toEqual({ ready: false, secondsLeft: 1 });
    expect(lessonCompletion(video, startedAt, after(240))).toEqual({ ready: true });
    for (const kind of ['pdf', 'text'] as const) {
      expect(lessonCompletion({ kind, durationMin: 15 }, startedAt, after(29))).toEqual({ ready: false, secondsLeft: 1 });
      expect(lessonCompletion({ kind, durationMin: 15 }, startedAt, after(30))).toEqual({ ready: true });
    }
  });

  it('takes the video file’s own length when it is shorter than the length the lesson states (never longer)', () => {
    // Stated 8 minutes, the file runs 5 seconds: half of 5 s, rounded up to whole seconds.
    expect(lessonCompletion({ ...video, mediaSeconds: 5 }, startedAt, after(2))).toEqual({ ready: false, secondsLeft: 1 });
    expect(lessonCompletion({ ...video, mediaSeconds: 5 }, startedAt, after(2.5))).toEqual({ ready: true });
    // A file longer than stated, or of unknown length, keeps the stated wait.
    expect(lessonCompletion({ ...video, mediaSeconds: 3_600 }, startedAt, after(239))).toEqual({ ready: false, secondsLeft: 1 });
    expect(lessonCompletion({ ...video, mediaSeconds: null }, startedAt, after(240))).toEqual({ ready: true });
  });

  it('never completes a lesson that was not started, and counts whole seconds left', () => {
    expect(lessonCompletion(video, null, after(10_000))).toEqual({ ready: false, secondsLeft: 240 });
    expect(lessonCompletion(video, startedAt, after(0.2))).toEqual({ ready: false, secondsLeft: 240 });
    // A clock that went back still waits, and never says more than the whole wait.
    expect(lessonCompletion(video, startedAt, after(-60))).toEqual({ ready: false, secondsLeft: 240 });
  });

  it('says how long is left, by minutes, then by seconds', () => {
    expect(courseMessages.lessonNotFinished('video', 240)).toBe('Keep watching — this lesson can be marked complete in about 4 minutes.');
    expect(courseMessages.lessonNotFinished('video', 61)).toBe('Keep watching — this lesson can be marked complete in about 2 minutes.');
    expect(courseMessages.lessonNotFinished('text', 30)).toBe('Keep reading — this lesson can be marked complete in 30 seconds.');
    expect(courseMessages.lessonNotFinished('pdf', 1)).toBe('Keep reading — this lesson can be marked complete in 1 second.');
  });
});

describe('ratings and carts', () => {
  it('keeps a review without the spaces around it, so only spaces is no review', () => {
    expect(ratingPayload.parse({ stars: 5, review: '   ' })).toEqual({ stars: 5, review: '' });
    expect(ratingPayload.parse({ stars: 4, review: ' Clear and kind. \n' })).toEqual({ stars: 4, review: 'Clear and kind.' });
    expect(ratingPayload.parse({ stars: 3 })).toEqual({ stars: 3, review: '' });
  });

  it('shows the average rating with one decimal, 0 without ratings', () => {
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(9, 2)).toBe(4.5);
  });

  it('totals a cart in one currency', () => {
    const total = cartTotal(
      [
        { amountMinor: 79_900, currency: 'INR' },
        { amountMinor: 149_900, currency: 'INR' },
      ],
      'INR',
    );
    expect(total).toEqual({ amountMinor: 229_800, currency: 'INR' });
    expect(cartTotal([], 'USD')).toEqual({ amountMinor: 0, currency: 'USD' });
  });
});

describe('a creator draft', () => {
  const complete: CourseDraftInput = courseDraftInput.parse({
    title: 'Everyday English',
    description: 'Twenty characters of description, at least.',
    level: 'Beginner',
    coverMediaId: id(1),
    prices: { INR: 79_900, USD: 999 },
    modules: [
      {
        _id: id(2),
        title: 'Greetings',
        lessons: [
          { _id: id(3), title: 'Hello', kind: 'video', durationMin: 5, mediaId: id(4) },
          { _id: id(5), title: 'Reading', kind: 'text', durationMin: 5, text: 'Some words.' },
        ],
      },
    ],
  });

  it('is ready for review when it has a description, a cover and every lesson its content', () => {
    expect(draftProblems(complete)).toEqual([]);
  });

  it('a video lesson may name a captions file; none by default, and a lesson of another kind keeps none', () => {
    expect(complete.modules[0]!.lessons[0]!.captionsMediaId).toBeNull();
    const captioned = lessonInputSchema.parse({ _id: id(3), title: 'Hello', kind: 'video', durationMin: 5, mediaId: id(4), captionsMediaId: id(8) });
    expect(captioned.captionsMediaId).toBe(id(8));
    expect(draftProblems({ ...complete, modules: [{ ...complete.modules[0]!, lessons: [captioned] }] })).toEqual([]);
  });

  it('names what is missing', () => {
    const missing = { ...complete, coverMediaId: null, description: 'short', modules: [{ ...complete.modules[0]!, lessons: [{ ...complete.modules[0]!.lessons[0]!, mediaId: null }] }] };
    expect(draftProblems(missing)).toEqual(['Write a description of at least 20 characters.', 'Upload a cover image.', 'Upload the video of "Hello".']);
    expect(draftProblems({ ...complete, modules: [] })).toContain('Add at least one lesson.');
    expect(draftProblems({ ...complete, bonuses: [{ bonusName: 'a.pdf', mediaId: id(6) }, { bonusName: 'a.pdf', mediaId: id(7) }] })).toContain('Give each bonus file its own name.');
  });

  it('refuses a title, module, lesson or bonus name of only spaces when saved or created, and reads back a draft stored with one, to be fixed', () => {
    const messagesOf = (draft: unknown) => courseDraftPayload.safeParse(draft).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    const module = complete.modules[0]!;
    const blank = { ...complete, title: '   ', modules: [{ ...module, title: ' \u00a0', lessons: [{ ...module.lessons[0]!, title: '    ' }] }], bonuses: [{ bonusName: '  ', mediaId: id(6) }] };
    expect(messagesOf(blank)).toEqual(['title: Give the course a title.', 'modules.0.title: Name the module.', 'modules.0.lessons.0.title: Name the lesson.', 'bonuses.0.bonusName: Name the file.']);
    expect(messagesOf({ ...complete, title: '' })).toEqual(['title: Give the course a title.']);
    expect(createCoursePayload.safeParse({ subject: 'English', title: '  ' }).error?.issues[0]?.message).toBe('Give the course a title.');
    expect(createCoursePayload.parse({ subject: 'English', title: '  Everyday English ' }).title).toBe('Everyday English');
    // Stored before such names were refused: it still opens, and cannot be submitted as it is.
    const stored = courseDraftInput.parse(blank);
    expect(draftProblems(stored)).toEqual(expect.arrayContaining(['Give the course a title.', 'Name the module.', 'Name the lesson.', 'Name the file.']));
  });

  it('says how many modules, lessons and bonus files a course takes, and how long a name can be, in the words the API and the editor both use', () => {
    const refusals = (draft: unknown) => courseDraftInput.safeParse(draft).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    const module = complete.modules[0]!;
    expect(refusals({ ...complete, modules: Array.from({ length: 31 }, () => module) })).toEqual(['modules: Use at most 30 modules']);
    expect(refusals({ ...complete, modules: [{ ...module, lessons: Array.from({ length: 51 }, () => module.lessons[0]!) }] })).toEqual(['modules.0.lessons: Use at most 50 lessons in a module']);
    expect(refusals({ ...complete, bonuses: Array.from({ length: 11 }, (_, i) => ({ bonusName: `file ${i}.pdf`, mediaId: id(6) })) })).toEqual(['bonuses: Use at most 10 bonus files']);
    expect(refusals({ ...complete, title: 'x'.repeat(121) })).toEqual(['title: Use at most 120 characters']);
  });

  it('prices a course between ₹49 and ₹1,00,000, and between $0.99 and $1,500', () => {
    expect(COURSE_PRICE_RANGE).toEqual({ INR: { minMinor: 4_900, maxMinor: 10_000_000 }, USD: { minMinor: 99, maxMinor: 150_000 } });
    const priced = (prices: { INR: number; USD: number }) => courseDraftInput.safeParse({ ...complete, prices }).success;
    expect(priced({ INR: 4_900, USD: 99 })).toBe(true);
    expect(priced({ INR: 4_899, USD: 99 })).toBe(false);
    expect(priced({ INR: 10_000_000, USD: 150_001 })).toBe(false);
  });

  it('refuses a price out of range in the rupees or dollars it was typed in, not in paise or cents', () => {
    const refusals = (prices: { INR: number; USD: number }) => courseDraftInput.safeParse({ ...complete, prices }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(refusals({ INR: 4_899, USD: 150_001 })).toEqual(['prices.INR: Enter a price from ₹49 to ₹1,00,000.', 'prices.USD: Enter a price from $0.99 to $1,500.00.']);
    expect(refusals({ INR: 10_000_100, USD: 98 })).toEqual(['prices.INR: Enter a price from ₹49 to ₹1,00,000.', 'prices.USD: Enter a price from $0.99 to $1,500.00.']);
    expect(refusals({ INR: 4_900.5, USD: 99 })).toEqual(['prices.INR: Enter a price from ₹49 to ₹1,00,000.']);
  });

  it('takes rupee prices in whole rupees, as the editor does (₹49.50 would be refused by the editor that shows it)', () => {
    const refusals = (prices: { INR: number; USD: number }) => courseDraftInput.safeParse({ ...complete, prices }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(refusals({ INR: 4_950, USD: 99 })).toEqual(['prices.INR: Enter the price in whole rupees, from ₹49 to ₹1,00,000.']);
    expect(refusals({ INR: 5_000, USD: 150 })).toBeUndefined();
  });
});

describe('a course gift', () => {
  it('takes a gift’s recipient address by the one e-mail rule', () => {
    const gift = (recipientEmail: string) => courseGiftPayload.safeParse({ courseId: '00000000-0000-4000-8000-000000000001', recipientEmail, recipientName: 'Friend', method: 'wallet' });
    expect(gift(`${'a'.repeat(65)}@example.com`).error?.issues[0]?.message).toBe('Enter a valid email address');
    expect(gift(' Friend@Example.com ').data?.recipientEmail).toBe('friend@example.com');
  });
});
