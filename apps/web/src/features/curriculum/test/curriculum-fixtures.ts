import type { CurriculumOverview, CurriculumProgress, CurriculumTopic } from '@parley/domain/curriculum';

// Answers of /api/curriculum as the server gives them, for the curriculum components' tests.

export const TOPIC_ID = '2b1f6d0e-4c8a-4f3e-9d21-6a7b8c9d0e14';
export const CERTIFICATE_ID = '7c3e9a51-0d2f-4b8e-8c11-6f1c2a9e1b7d';

export function topic(overrides: Partial<CurriculumTopic> = {}): CurriculumTopic {
  return {
    _id: TOPIC_ID,
    level: 'A2',
    position: 4,
    title: 'Travel and transport',
    goal: 'Buy a ticket and ask about a journey.',
    preparation: 'Think of a trip you took by train or bus.',
    vocabulary: ['platform', 'return ticket'],
    ...overrides,
  };
}

export function overview(overrides: Partial<CurriculumOverview> = {}): CurriculumOverview {
  return {
    plan: { name: 'English Curriculum · Steady', sessionsLeft: 9, sessionsOnPlan: 9, expiresAt: '2099-01-01T00:00:00.000Z' },
    level: { code: 'A2', title: 'Everyday conversations', completed: 2, total: 6, percent: 33 },
    step: { kind: 'topic', topic: topic() },
    upcoming: [],
    ...overrides,
  };
}

type Level = CurriculumProgress['levels'][number];

export function progressLevel(overrides: Partial<Level> = {}): Level {
  return {
    code: 'A1',
    title: 'First steps',
    summary: 'Introduce yourself and talk about your day.',
    status: 'passed',
    completed: 1,
    total: 1,
    percent: 100,
    topics: [
      {
        ...topic({ _id: 't-a1-1', level: 'A1', position: 1, title: 'Introducing yourself' }),
        state: 'completed',
        reviews: [{ completed: true, score: null, note: 'Clear introductions, well done.', tutorName: 'Ananya Iyer', reviewedAt: '2030-03-01T10:00:00.000Z' }],
      },
    ],
    test: {
      certificateId: CERTIFICATE_ID,
      certificateName: 'Parley English A1',
      level: 'A1',
      state: 'passed',
      reviews: [{ completed: true, score: 78, note: 'Passed comfortably.', tutorName: 'Ananya Iyer', reviewedAt: '2030-03-05T10:00:00.000Z' }],
    },
    certificate: { _id: 'c-1', code: 'PRL-A1-7Q2K', pdfUrl: '/api/certificates/c-1/pdf', verifyPath: '/certificates/PRL-A1-7Q2K', issuedAt: '2030-03-05T10:00:00.000Z' },
    ...overrides,
  };
}
