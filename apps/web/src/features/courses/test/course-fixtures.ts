import type { CourseDetail, CourseProgress, Lesson } from '@parley/domain/courses';

// Wire-shaped answers for the learning pages' tests (ids are UUIDs, as the server sends them).
export const COURSE_ID = '0b6c1f3e-5a1d-4c2b-9e7f-1a2b3c4d5e60';
export const lessonId = (n: number) => `1c2d3e4f-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function lesson(n: number, overrides: Partial<Lesson> = {}): Lesson {
  return {
    _id: lessonId(n),
    title: `Lesson ${n} title`,
    kind: 'text',
    durationMin: 5,
    isPreview: false,
    locked: false,
    completed: false,
    text: `Text of lesson ${n}.`,
    mediaUrl: null,
    captionsUrl: null,
    ...overrides,
  };
}

export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    _id: COURSE_ID,
    title: 'Prompting for Work',
    subject: 'AI',
    level: 'Beginner',
    coverUrl: null,
    creator: { _id: 'c-1', name: 'Meera Iyer' },
    durationMin: 40,
    lessonCount: 4,
    rating: 4.5,
    ratingCount: 12,
    price: { amountMinor: 49900, currency: 'INR' },
    description: 'A short course on writing prompts that get useful answers.',
    modules: [
      { _id: 'm-1', title: 'Getting started', lessons: [lesson(1), lesson(2)] },
      { _id: 'm-2', title: 'Going further', lessons: [lesson(3), lesson(4)] },
    ],
    reviews: [],
    owned: true,
    inSubscription: false,
    inCart: false,
    myRating: null,
    progressPercent: 0,
    resumeLessonId: null,
    bonuses: [],
    certificateId: null,
    ...overrides,
  };
}

export function courseProgress(overrides: Partial<CourseProgress> = {}): CourseProgress {
  return { courseId: COURSE_ID, progressPercent: 0, secondsSpent: 0, resumeLessonId: null, lessons: [], certificateId: null, ...overrides };
}
