import { z } from 'zod';
import { sessionBookingPayload } from './booking';
import { safeText } from './text';

// The structured English path for new-curriculum learners: levels in order, each with ordered
// topics and a level test that earns the level's certificate.

export const CURRICULUM_SUBJECT = 'Curriculum';
export const CURRICULUM_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1'] as const;
export const curriculumLevelSchema = z.enum(CURRICULUM_LEVELS);
export type CurriculumLevel = z.infer<typeof curriculumLevelSchema>;

/** Negative when `a` comes before `b` on the path. */
export const compareLevels = (a: CurriculumLevel, b: CurriculumLevel) => CURRICULUM_LEVELS.indexOf(a) - CURRICULUM_LEVELS.indexOf(b);

/** The tutor scores a level test out of 100; 60 or more passes and issues the level certificate. */
export const LEVEL_TEST_MAX_SCORE = 100;
export const LEVEL_TEST_PASS_MARK = 60;
export const passesLevelTest = (score: number) => score >= LEVEL_TEST_PASS_MARK;

/**
 * How long after a session ends the tutor may still mark it. Until then an unmarked session keeps
 * its topic booked; after it, the topic is free to book again (a tutor who never marks it cannot
 * block the learner).
 */
export const TOPIC_REVIEW_WINDOW_HOURS = 72;
const REVIEW_WINDOW_MS = TOPIC_REVIEW_WINDOW_HOURS * 3_600_000;
export const REVIEW_NOTE_MAX_CHARS = 500;

/** The path as the rules need it: levels in order, each with its topic ids in order. */
export type CurriculumPath = readonly { level: CurriculumLevel; topicIds: readonly string[] }[];

export type CurriculumStanding = {
  completedTopicIds: readonly string[];
  passedLevels: readonly CurriculumLevel[];
  /** Topics with a session that still holds them (sessionHoldsStep). */
  heldTopicIds: readonly string[];
  /** Levels whose test has a session that still holds it. */
  heldLevelTests: readonly CurriculumLevel[];
};

export type CurriculumStep =
  | { kind: 'topic'; level: CurriculumLevel; topicId: string }
  | { kind: 'levelTest'; level: CurriculumLevel }
  | { kind: 'waiting'; level: CurriculumLevel; reason: 'topics_booked' | 'test_booked' }
  | { kind: 'finished' };

/**
 * What the learner books next. The current level is the first one not passed. Its next topic is
 * the first in order that is neither completed nor held by a booked session (so a learner may
 * book ahead, and a topic marked not completed comes back first). The level test unlocks only
 * when every topic of the level is completed; passing it opens the next level.
 */
export function nextCurriculumStep(path: CurriculumPath, standing: CurriculumStanding): CurriculumStep {
  const current = path.find((entry) => !standing.passedLevels.includes(entry.level));
  if (!current) return { kind: 'finished' };
  const completed = new Set(standing.completedTopicIds);
  const held = new Set(standing.heldTopicIds);
  const open = current.topicIds.find((id) => !completed.has(id) && !held.has(id));
  if (open) return { kind: 'topic', level: current.level, topicId: open };
  if (current.topicIds.some((id) => !completed.has(id))) return { kind: 'waiting', level: current.level, reason: 'topics_booked' };
  if (standing.heldLevelTests.includes(current.level)) return { kind: 'waiting', level: current.level, reason: 'test_booked' };
  return { kind: 'levelTest', level: current.level };
}

/** Whether a booking's topic (or level test) and level are exactly the learner's next step. */
export function stepMatches(step: CurriculumStep, asked: { topicId: string | null; certificateLevel: CurriculumLevel | null; level: CurriculumLevel }): boolean {
  if (step.kind === 'topic') return asked.topicId === step.topicId && asked.certificateLevel === null && asked.level === step.level;
  if (step.kind === 'levelTest') return asked.topicId === null && asked.certificateLevel === step.level && asked.level === step.level;
  return false;
}

type SessionState = { status: 'booked' | 'cancelled'; outcome: 'Completed' | 'LearnerNoShow' | 'TutorNoShow' | null; reviewed: boolean; endAt: Date };

/** A booked session keeps its topic (or test) taken until the tutor marks it, a no-show is decided, or the review window closes. */
export function sessionHoldsStep(session: SessionState, now: Date): boolean {
  if (session.status !== 'booked' || session.reviewed) return false;
  if (session.outcome === 'LearnerNoShow' || session.outcome === 'TutorNoShow') return false;
  return now.getTime() < session.endAt.getTime() + REVIEW_WINDOW_MS;
}

export type ReviewProblem = 'CANCELLED' | 'NO_SHOW' | 'NOT_STARTED' | 'WINDOW_CLOSED' | 'ALREADY_REVIEWED';

/**
 * Why a tutor cannot mark this session now, or null: from its start until the window closes, once,
 * and never a session someone missed (it does not hold its topic either: sessionHoldsStep).
 */
export function reviewProblem(session: Pick<SessionState, 'status' | 'outcome' | 'reviewed' | 'endAt'> & { startAt: Date }, now: Date): ReviewProblem | null {
  if (session.status !== 'booked') return 'CANCELLED';
  if (session.reviewed) return 'ALREADY_REVIEWED';
  if (session.outcome === 'LearnerNoShow' || session.outcome === 'TutorNoShow') return 'NO_SHOW';
  if (now.getTime() < session.startAt.getTime()) return 'NOT_STARTED';
  if (now.getTime() >= session.endAt.getTime() + REVIEW_WINDOW_MS) return 'WINDOW_CLOSED';
  return null;
}

export function levelProgress({ completed, total }: { completed: number; total: number }) {
  return { completed, total, percent: total === 0 ? 0 : Math.floor((completed / total) * 100) };
}

/**
 * Where a learner's Dashboard leads. Spec §2.2: a new-curriculum learner is sent to
 * /learner/subscription-plans — kept for one who has no curriculum plan to spend yet; one who has
 * a plan gets the curriculum home, since the plans page would be a dead end for them.
 */
export function curriculumHome({ isNewCurriculum, hasCurriculumPlan }: { isNewCurriculum: boolean; hasCurriculumPlan: boolean }) {
  if (!isNewCurriculum) return null;
  return hasCurriculumPlan ? '/curriculumNew' : '/learner/subscription-plans';
}

// ---- Wire schemas -----------------------------------------------------------------------------

/** POST /api/curriculum/sessions: the booking payload (spec §3) for the next topic, or the level test by its certificate. */
export const curriculumBookingPayload = sessionBookingPayload
  .omit({ subject: true, type: true, topicId: true, certificateId: true, level: true, isChatBooking: true, forKids: true })
  .extend({
    subject: z.literal(CURRICULUM_SUBJECT),
    type: z.literal('Regular').optional(),
    topicId: z.uuid().nullish(),
    certificateId: z.uuid().nullish(),
    level: curriculumLevelSchema,
  })
  .refine((p) => (p.topicId ? 1 : 0) + (p.certificateId ? 1 : 0) === 1, { message: 'Book a topic or a level test', path: ['topicId'] });
export type CurriculumBookingPayload = z.input<typeof curriculumBookingPayload>;

const reviewNote = safeText(REVIEW_NOTE_MAX_CHARS).trim().min(2, { message: 'Write a short note for the learner' });

/** POST /api/curriculum/sessions/{id}/review: the tutor's mark after the session. */
export const curriculumReviewPayload = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('topic'), completed: z.boolean(), note: reviewNote }),
  z.object({ kind: z.literal('levelTest'), score: z.number().int().min(0).max(LEVEL_TEST_MAX_SCORE), note: reviewNote }),
]);
export type CurriculumReviewPayload = z.input<typeof curriculumReviewPayload>;

export const curriculumTopicSchema = z.object({
  _id: z.string(),
  level: curriculumLevelSchema,
  position: z.number().int(),
  title: z.string(),
  goal: z.string(),
  preparation: z.string(),
  vocabulary: z.array(z.string()),
});
export type CurriculumTopic = z.infer<typeof curriculumTopicSchema>;

const certificateDefinition = z.object({ certificateId: z.string(), certificateName: z.string(), level: curriculumLevelSchema });

export const curriculumStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('topic'), topic: curriculumTopicSchema }),
  z.object({ kind: z.literal('levelTest'), test: certificateDefinition }),
  z.object({ kind: z.literal('waiting'), level: curriculumLevelSchema, reason: z.enum(['topics_booked', 'test_booked']) }),
  z.object({ kind: z.literal('finished') }),
]);
export type CurriculumStepView = z.infer<typeof curriculumStepSchema>;

/** Topic or certificate details (spec §3): topicName and level, or certificateName and level. */
export const curriculumSessionTopicSchema = z.object({
  kind: z.enum(['topic', 'certificate']),
  id: z.string(),
  level: curriculumLevelSchema,
  topicName: z.string().nullable(),
  certificateName: z.string().nullable(),
});

export const curriculumUpcomingSchema = z.object({
  sessionId: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  tutorName: z.string(),
  topic: curriculumSessionTopicSchema,
});

/** GET /api/curriculum: where the learner is and the next step. */
export const curriculumOverviewResponse = z.object({
  /** sessionsLeft: bookable now (the spec's count: this week's and the backlog); sessionsOnPlan: all the plan has left, as the plans page counts it. */
  plan: z.object({ name: z.string(), sessionsLeft: z.number().int(), sessionsOnPlan: z.number().int(), expiresAt: z.string() }).nullable(),
  level: z.object({ code: curriculumLevelSchema, title: z.string(), completed: z.number().int(), total: z.number().int(), percent: z.number().int() }).nullable(),
  step: curriculumStepSchema,
  upcoming: z.array(curriculumUpcomingSchema),
});
export type CurriculumOverview = z.infer<typeof curriculumOverviewResponse>;

const reviewSchema = z.object({ completed: z.boolean(), score: z.number().int().nullable(), note: z.string(), tutorName: z.string(), reviewedAt: z.string() });

/** GET /api/curriculum/progress: every level with its topics, the tutors' notes, the tests and certificates. */
export const curriculumProgressResponse = z.object({
  levels: z.array(
    z.object({
      code: curriculumLevelSchema,
      title: z.string(),
      summary: z.string(),
      status: z.enum(['passed', 'current', 'locked']),
      completed: z.number().int(),
      total: z.number().int(),
      percent: z.number().int(),
      /** 'marking': its session is over and holds it until the tutor's mark (or the review window closes). */
      topics: z.array(curriculumTopicSchema.extend({ state: z.enum(['completed', 'booked', 'marking', 'open']), reviews: z.array(reviewSchema) })),
      test: certificateDefinition.extend({ state: z.enum(['locked', 'open', 'booked', 'marking', 'passed']), reviews: z.array(reviewSchema) }),
      certificate: z.object({ _id: z.string(), code: z.string(), pdfUrl: z.string(), verifyPath: z.string(), issuedAt: z.string() }).nullable(),
    }),
  ),
});
export type CurriculumProgress = z.infer<typeof curriculumProgressResponse>;

/** GET /api/curriculum/sessions/{id}: a session's topic and mark, for its learner and its tutor. */
export const curriculumSessionResponse = z.object({
  sessionId: z.string(),
  topic: curriculumSessionTopicSchema,
  /** The tutor may mark it now. */
  reviewable: z.boolean(),
  review: reviewSchema.nullable(),
  /** A level test the tutor passed: the certificate it issued. */
  certificateCode: z.string().nullable(),
});
export type CurriculumSessionView = z.infer<typeof curriculumSessionResponse>;

/** The most sessions one topics request names: the largest page a session list asks for. */
export const CURRICULUM_SESSIONS_MAX_IDS = 50;

/**
 * GET /api/curriculum/sessions?ids=a,b,…: a list page's curriculum sessions in one request, so a
 * page of sessions does not ask for each topic by itself.
 */
export const curriculumSessionsQuery = z.object({
  ids: z
    .string()
    .transform((text) => [...new Set(text.split(','))])
    .pipe(z.array(z.uuid()).min(1).max(CURRICULUM_SESSIONS_MAX_IDS)),
});
/** Only the named sessions that are curriculum sessions of the caller (as learner or tutor); the rest are left out. */
export const curriculumSessionsResponse = z.object({ items: z.array(curriculumSessionResponse) });
