import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareLevels,
  CURRICULUM_LEVELS,
  CURRICULUM_SESSIONS_MAX_IDS,
  curriculumSessionsQuery,
  curriculumBookingPayload,
  curriculumHome,
  curriculumReviewPayload,
  LEVEL_TEST_MAX_SCORE,
  LEVEL_TEST_PASS_MARK,
  levelProgress,
  nextCurriculumStep,
  passesLevelTest,
  reviewProblem,
  sessionHoldsStep,
  stepMatches,
  TOPIC_REVIEW_WINDOW_HOURS,
  type CurriculumPath,
  type CurriculumStanding,
} from './curriculum';

const HOUR = 3_600_000;
const now = new Date('2026-03-10T12:00:00Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * HOUR);

const path: CurriculumPath = [
  { level: 'A1', topicIds: ['a1-1', 'a1-2', 'a1-3'] },
  { level: 'A2', topicIds: ['a2-1', 'a2-2'] },
];
const empty = { completedTopicIds: [], passedLevels: [], heldTopicIds: [], heldLevelTests: [] };

describe('curriculum levels', () => {
  it('are A1 to C1, in that order', () => {
    expect(CURRICULUM_LEVELS).toEqual(['A1', 'A2', 'B1', 'B2', 'C1']);
    expect(compareLevels('A1', 'A2')).toBeLessThan(0);
    expect(compareLevels('C1', 'B2')).toBeGreaterThan(0);
    expect(compareLevels('B1', 'B1')).toBe(0);
  });

  it('sorting by compareLevels always gives the path order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...CURRICULUM_LEVELS], { minLength: 0 }), (levels) => {
        const sorted = [...levels].sort(compareLevels);
        expect(sorted).toEqual(CURRICULUM_LEVELS.filter((l) => levels.includes(l)));
      }),
    );
  });
});

describe('the level test', () => {
  it('is marked out of 100 and passed at 60 or more', () => {
    expect(LEVEL_TEST_MAX_SCORE).toBe(100);
    expect(LEVEL_TEST_PASS_MARK).toBe(60);
    expect(passesLevelTest(59)).toBe(false);
    expect(passesLevelTest(60)).toBe(true);
    expect(passesLevelTest(100)).toBe(true);
    expect(passesLevelTest(0)).toBe(false);
  });
});

describe('the next step', () => {
  it('starts at the first topic of the first level', () => {
    expect(nextCurriculumStep(path, empty)).toEqual({ kind: 'topic', level: 'A1', topicId: 'a1-1' });
  });

  it('is the first topic neither completed nor held by a booked session', () => {
    expect(nextCurriculumStep(path, { ...empty, completedTopicIds: ['a1-1'] })).toEqual({ kind: 'topic', level: 'A1', topicId: 'a1-2' });
    expect(nextCurriculumStep(path, { ...empty, completedTopicIds: ['a1-1'], heldTopicIds: ['a1-2'] })).toEqual({ kind: 'topic', level: 'A1', topicId: 'a1-3' });
    // A topic the tutor marked not completed is free again, and comes first.
    expect(nextCurriculumStep(path, { ...empty, completedTopicIds: ['a1-2'] })).toEqual({ kind: 'topic', level: 'A1', topicId: 'a1-1' });
  });

  it('waits while the level’s last topics are booked but not yet completed', () => {
    expect(nextCurriculumStep(path, { ...empty, completedTopicIds: ['a1-1', 'a1-2'], heldTopicIds: ['a1-3'] })).toEqual({ kind: 'waiting', level: 'A1', reason: 'topics_booked' });
  });

  it('unlocks the level test only when every topic of the level is completed', () => {
    expect(nextCurriculumStep(path, { ...empty, completedTopicIds: ['a1-1', 'a1-2', 'a1-3'] })).toEqual({ kind: 'levelTest', level: 'A1' });
    expect(nextCurriculumStep(path, { ...empty, completedTopicIds: ['a1-1', 'a1-2', 'a1-3'], heldLevelTests: ['A1'] })).toEqual({ kind: 'waiting', level: 'A1', reason: 'test_booked' });
  });

  it('moves to the next level once its test is passed, and finishes after the last', () => {
    const a1Done: CurriculumStanding = { ...empty, completedTopicIds: ['a1-1', 'a1-2', 'a1-3'], passedLevels: ['A1'] };
    expect(nextCurriculumStep(path, a1Done)).toEqual({ kind: 'topic', level: 'A2', topicId: 'a2-1' });
    expect(nextCurriculumStep(path, { ...a1Done, completedTopicIds: [...a1Done.completedTopicIds, 'a2-1', 'a2-2'], passedLevels: ['A1', 'A2'] })).toEqual({ kind: 'finished' });
  });

  it('never offers a topic of a later level before the current level is passed', () => {
    fc.assert(
      fc.property(fc.subarray(['a1-1', 'a1-2', 'a1-3', 'a2-1', 'a2-2']), fc.subarray(['a1-1', 'a1-2', 'a1-3', 'a2-1', 'a2-2']), (completed, held) => {
        const step = nextCurriculumStep(path, { ...empty, completedTopicIds: completed, heldTopicIds: held });
        expect(step.kind === 'finished' || step.level === 'A1').toBe(true);
        if (step.kind === 'topic') expect(completed.includes(step.topicId) || held.includes(step.topicId)).toBe(false);
      }),
    );
  });

  it('stepMatches compares what a booking asks for with the step', () => {
    expect(stepMatches({ kind: 'topic', level: 'A1', topicId: 'a1-1' }, { topicId: 'a1-1', certificateLevel: null, level: 'A1' })).toBe(true);
    expect(stepMatches({ kind: 'topic', level: 'A1', topicId: 'a1-1' }, { topicId: 'a1-2', certificateLevel: null, level: 'A1' })).toBe(false);
    expect(stepMatches({ kind: 'topic', level: 'A1', topicId: 'a1-1' }, { topicId: 'a1-1', certificateLevel: null, level: 'A2' })).toBe(false);
    expect(stepMatches({ kind: 'levelTest', level: 'A1' }, { topicId: null, certificateLevel: 'A1', level: 'A1' })).toBe(true);
    expect(stepMatches({ kind: 'levelTest', level: 'A1' }, { topicId: 'a1-1', certificateLevel: null, level: 'A1' })).toBe(false);
    expect(stepMatches({ kind: 'waiting', level: 'A1', reason: 'topics_booked' }, { topicId: 'a1-3', certificateLevel: null, level: 'A1' })).toBe(false);
  });
});

describe('sessions that hold a step', () => {
  const booked = { status: 'booked' as const, outcome: null, reviewed: false, endAt: at(1) };

  it('an upcoming booked session holds its step', () => {
    expect(sessionHoldsStep(booked, now)).toBe(true);
  });

  it('a cancelled, reviewed or no-show session does not', () => {
    expect(sessionHoldsStep({ ...booked, status: 'cancelled' }, now)).toBe(false);
    expect(sessionHoldsStep({ ...booked, reviewed: true }, now)).toBe(false);
    expect(sessionHoldsStep({ ...booked, endAt: at(-1), outcome: 'LearnerNoShow' }, now)).toBe(false);
    expect(sessionHoldsStep({ ...booked, endAt: at(-1), outcome: 'TutorNoShow' }, now)).toBe(false);
  });

  it(`an ended one waits ${TOPIC_REVIEW_WINDOW_HOURS} h for the tutor's note, then lets go`, () => {
    expect(TOPIC_REVIEW_WINDOW_HOURS).toBe(72);
    expect(sessionHoldsStep({ ...booked, endAt: at(-71.9), outcome: 'Completed' }, now)).toBe(true);
    expect(sessionHoldsStep({ ...booked, endAt: at(-72), outcome: 'Completed' }, now)).toBe(false);
  });
});

describe('when a tutor may mark a session', () => {
  const session = { status: 'booked' as const, startAt: at(-1), endAt: at(-0.5), reviewed: false, outcome: null };
  it('from its start until the review window closes, once', () => {
    expect(reviewProblem(session, now)).toBeNull();
    expect(reviewProblem({ ...session, startAt: at(0.5), endAt: at(1) }, now)).toBe('NOT_STARTED');
    expect(reviewProblem({ ...session, endAt: at(-72) }, now)).toBe('WINDOW_CLOSED');
    expect(reviewProblem({ ...session, reviewed: true }, now)).toBe('ALREADY_REVIEWED');
    expect(reviewProblem({ ...session, status: 'cancelled' }, now)).toBe('CANCELLED');
  });

  it('never when the session was missed: a topic or level test nobody attended is not taken', () => {
    expect(reviewProblem({ ...session, outcome: 'Completed' }, now)).toBeNull();
    expect(reviewProblem({ ...session, outcome: 'LearnerNoShow' }, now)).toBe('NO_SHOW');
    expect(reviewProblem({ ...session, outcome: 'TutorNoShow' }, now)).toBe('NO_SHOW');
  });
});

describe('level progress', () => {
  it('counts completed topics out of the level’s topics, as a whole percent', () => {
    expect(levelProgress({ completed: 0, total: 6 })).toEqual({ completed: 0, total: 6, percent: 0 });
    expect(levelProgress({ completed: 2, total: 6 })).toEqual({ completed: 2, total: 6, percent: 33 });
    expect(levelProgress({ completed: 6, total: 6 })).toEqual({ completed: 6, total: 6, percent: 100 });
    expect(levelProgress({ completed: 0, total: 0 })).toEqual({ completed: 0, total: 0, percent: 0 });
  });
});

describe('where a new-curriculum learner lands', () => {
  it('on the plans without a live curriculum plan (spec §2.2), else on /curriculumNew', () => {
    expect(curriculumHome({ isNewCurriculum: true, hasCurriculumPlan: false })).toBe('/learner/subscription-plans');
    expect(curriculumHome({ isNewCurriculum: true, hasCurriculumPlan: true })).toBe('/curriculumNew');
    expect(curriculumHome({ isNewCurriculum: false, hasCurriculumPlan: true })).toBeNull();
  });
});

describe('wire schemas', () => {
  const slot = {
    startTime: '10:00',
    endTime: '10:25',
    date: '2026-03-12',
    duration: 25,
    learnerId: '3b241101-e2bb-4255-8caf-4136c566a962',
    teacherId: '4b241101-e2bb-4255-8caf-4136c566a962',
    timezone: 'Asia/Kolkata',
  };
  const topicId = '5b241101-e2bb-4255-8caf-4136c566a962';

  it('a booking carries a topic or a level certificate, and its level', () => {
    expect(curriculumBookingPayload.safeParse({ ...slot, subject: 'Curriculum', topicId, level: 'A1' }).success).toBe(true);
    expect(curriculumBookingPayload.safeParse({ ...slot, subject: 'Curriculum', certificateId: topicId, level: 'A1' }).success).toBe(true);
    expect(curriculumBookingPayload.safeParse({ ...slot, subject: 'Curriculum', level: 'A1' }).success).toBe(false);
    expect(curriculumBookingPayload.safeParse({ ...slot, subject: 'Curriculum', topicId, certificateId: topicId, level: 'A1' }).success).toBe(false);
    expect(curriculumBookingPayload.safeParse({ ...slot, subject: 'Curriculum', topicId, level: 'Z9' }).success).toBe(false);
    expect(curriculumBookingPayload.safeParse({ ...slot, subject: 'English', topicId, level: 'A1' }).success).toBe(false);
  });

  it('a review says completed or not (a topic) or gives a score (a level test), with a short note', () => {
    expect(curriculumReviewPayload.safeParse({ kind: 'topic', completed: true, note: 'Good use of past tense.' }).success).toBe(true);
    expect(curriculumReviewPayload.safeParse({ kind: 'topic', completed: false, note: '' }).success).toBe(false);
    expect(curriculumReviewPayload.safeParse({ kind: 'topic', completed: true, note: 'x'.repeat(501) }).success).toBe(false);
    expect(curriculumReviewPayload.safeParse({ kind: 'levelTest', score: 72, note: 'Clear and steady.' }).success).toBe(true);
    expect(curriculumReviewPayload.safeParse({ kind: 'levelTest', score: 101, note: 'Too high' }).success).toBe(false);
    expect(curriculumReviewPayload.safeParse({ kind: 'levelTest', score: 7.5, note: 'Not whole' }).success).toBe(false);
  });
});

describe('curriculumSessionsQuery', () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  it('reads a comma-separated list of session ids, once each, up to a page of them', () => {
    expect(curriculumSessionsQuery.parse({ ids: `${id(1)},${id(2)},${id(1)}` })).toEqual({ ids: [id(1), id(2)] });
    const page = Array.from({ length: CURRICULUM_SESSIONS_MAX_IDS }, (_, i) => id(i + 1));
    expect(curriculumSessionsQuery.parse({ ids: page.join(',') }).ids).toHaveLength(50);
  });
  it('refuses no ids, more than a page, or anything that is not an id', () => {
    for (const ids of ['', 'abc', `${id(1)},`, `${id(1)};${id(2)}`, Array.from({ length: 51 }, (_, i) => id(i + 1)).join(',')]) {
      expect(curriculumSessionsQuery.safeParse({ ids }).success, ids.slice(0, 60)).toBe(false);
    }
  });
});
