import { avatarPath } from '@parley/domain/avatar';
import type { BookingResponse } from '@parley/domain/booking';
import {
  CURRICULUM_SUBJECT,
  levelProgress,
  nextCurriculumStep,
  passesLevelTest,
  reviewProblem,
  sessionHoldsStep,
  stepMatches,
  TOPIC_REVIEW_WINDOW_HOURS,
  type CurriculumBookingPayload,
  type CurriculumLevel,
  type CurriculumOverview,
  type CurriculumPath,
  type CurriculumProgress,
  type CurriculumReviewPayload,
  type CurriculumSessionView,
  type CurriculumStanding,
  type CurriculumStep,
  type CurriculumStepView,
  type CurriculumTopic,
} from '@parley/domain/curriculum';
import { messages } from '@parley/domain/messages';
import { totalSessions, unbookedSessions } from '@parley/domain/sessions';
import { findSlot } from '@parley/domain/slots';
import { zonedWallTimeToInstant } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { createLiveSession } from '../booking/booking.service';
import type { AfterCommitLog } from '../mail/mail.service';
import { publishBookedSession, recordBookedSession, type BookedSessionNote } from '../chat/chat.service';
import { issueCertificateOnce } from '../courses/courses.service';
import { assertTeaches, classDurationFor, loadTutorSnapshot, tutorSlots } from '../schedule/schedule.service';
import * as repo from './curriculum.repository';

type Path = Awaited<ReturnType<typeof repo.listPath>>;
const sessionNotFound = () => notFound('Session not found');

const toTopic = (row: repo.TopicRow): CurriculumTopic => ({
  _id: row.id,
  level: row.levelCode,
  position: row.position,
  title: row.title,
  goal: row.goal,
  preparation: row.preparation,
  vocabulary: row.vocabulary,
});

const rulesPath = (path: Path): CurriculumPath =>
  path.levels.map((level) => ({ level: level.code, topicIds: path.topics.filter((t) => t.levelCode === level.code).map((t) => t.id) }));

/** What the learner's sessions and marks add up to, as the rules read it. */
function standingOf(sessions: repo.CurriculumSessionRow[], now: Date, exceptSessionId?: string): CurriculumStanding {
  const standing = { completedTopicIds: [] as string[], passedLevels: [] as CurriculumLevel[], heldTopicIds: [] as string[], heldLevelTests: [] as CurriculumLevel[] };
  for (const { session, review } of sessions) {
    if (session.id === exceptSessionId) continue;
    const level = session.level as CurriculumLevel;
    if (review?.completed) {
      if (review.topicId) standing.completedTopicIds.push(review.topicId);
      else standing.passedLevels.push(review.levelCode);
    }
    const holds = sessionHoldsStep({ status: session.status, outcome: session.outcome, reviewed: review !== null, endAt: session.endAt }, now);
    if (!holds) continue;
    if (session.topicId) standing.heldTopicIds.push(session.topicId);
    else if (session.certificateId) standing.heldLevelTests.push(level);
  }
  return standing;
}

function stepView(path: Path, step: CurriculumStep): CurriculumStepView {
  if (step.kind === 'topic') return { kind: 'topic', topic: toTopic(path.topics.find((t) => t.id === step.topicId)!) };
  if (step.kind === 'levelTest') {
    const level = path.levels.find((l) => l.code === step.level)!;
    return { kind: 'levelTest', test: { certificateId: level.certificateId, certificateName: level.certificateName, level: level.code } };
  }
  return step;
}

/** Topic or certificate details of a session (spec §3), from the path. */
function sessionTopic(path: Path, session: { topicId: string | null; certificateId: string | null; level: string | null }) {
  const topic = session.topicId ? path.topics.find((t) => t.id === session.topicId) : undefined;
  const level = path.levels.find((l) => (topic ? l.code === topic.levelCode : l.certificateId === session.certificateId));
  if (!level || (!topic && !session.certificateId)) return null;
  return topic
    ? { kind: 'topic' as const, id: topic.id, level: level.code, topicName: topic.title, certificateName: null }
    : { kind: 'certificate' as const, id: level.certificateId, level: level.code, topicName: null, certificateName: level.certificateName };
}

const toReview = (row: repo.CurriculumSessionRow) =>
  row.review ? { completed: row.review.completed, score: row.review.score, note: row.review.note, tutorName: row.reviewerName ?? row.tutorName, reviewedAt: row.review.reviewedAt.toISOString() } : null;

/** GET /api/curriculum: the plan's sessions left, the current level, the next step and the booked curriculum sessions. */
export async function overview(ctx: AppContext, learnerId: string): Promise<CurriculumOverview> {
  const now = ctx.now();
  const [path, sessions, live] = await Promise.all([repo.listPath(ctx.db), repo.listLearnerSessions(ctx.db, learnerId), repo.findLiveCurriculumSubscription(ctx.db, learnerId, now)]);
  const standing = standingOf(sessions, now);
  const step = nextCurriculumStep(rulesPath(path), standing);
  const currentCode = step.kind === 'finished' ? null : step.level;
  const current = path.levels.find((l) => l.code === currentCode);
  const levelTopics = current ? path.topics.filter((t) => t.levelCode === current.code) : [];
  return {
    plan: live
      ? { name: live.planName, sessionsLeft: totalSessions(live.subscription), sessionsOnPlan: unbookedSessions(live.subscription), expiresAt: live.subscription.expiresAt.toISOString() }
      : null,
    level: current
      ? { code: current.code, title: current.title, ...levelProgress({ completed: levelTopics.filter((t) => standing.completedTopicIds.includes(t.id)).length, total: levelTopics.length }) }
      : null,
    step: stepView(path, step),
    upcoming: sessions
      .filter(({ session }) => session.status === 'booked' && session.endAt > now)
      .flatMap(({ session, tutorName }) => {
        const topic = sessionTopic(path, session);
        return topic ? [{ sessionId: session.id, startAt: session.startAt.toISOString(), endAt: session.endAt.toISOString(), tutorName, topic }] : [];
      }),
  };
}

/** The topics and level tests whose held session is over: they wait for the tutor's mark. */
function awaitingMark(sessions: repo.CurriculumSessionRow[], now: Date) {
  const over = sessions.filter(
    ({ session, review }) => session.endAt <= now && sessionHoldsStep({ status: session.status, outcome: session.outcome, reviewed: review !== null, endAt: session.endAt }, now),
  );
  return {
    topicIds: new Set(over.flatMap(({ session }) => (session.topicId ? [session.topicId] : []))),
    certificateIds: new Set(over.flatMap(({ session }) => (!session.topicId && session.certificateId ? [session.certificateId] : []))),
  };
}

/** GET /api/curriculum/progress: each level's topics with their state and the tutors' notes, the test, the certificate. */
export async function progress(ctx: AppContext, learnerId: string): Promise<CurriculumProgress> {
  const now = ctx.now();
  const [path, sessions, issued] = await Promise.all([repo.listPath(ctx.db), repo.listLearnerSessions(ctx.db, learnerId), repo.listLevelCertificates(ctx.db, learnerId)]);
  const standing = standingOf(sessions, now);
  const marking = awaitingMark(sessions, now);
  const step = nextCurriculumStep(rulesPath(path), standing);
  const currentCode = step.kind === 'finished' ? null : step.level;
  const topicState = (topicId: string) => {
    if (standing.completedTopicIds.includes(topicId)) return 'completed' as const;
    if (!standing.heldTopicIds.includes(topicId)) return 'open' as const;
    return marking.topicIds.has(topicId) ? ('marking' as const) : ('booked' as const);
  };
  return {
    levels: path.levels.map((level) => {
      const status = standing.passedLevels.includes(level.code) ? 'passed' : level.code === currentCode ? 'current' : 'locked';
      const topics = path.topics.filter((t) => t.levelCode === level.code);
      const completed = topics.filter((t) => standing.completedTopicIds.includes(t.id)).length;
      const reviewsOf = (match: (row: repo.CurriculumSessionRow) => boolean) => sessions.filter((row) => row.review && match(row)).map((row) => toReview(row)!);
      const certificate = issued.find((c) => c.curriculumLevel === level.code);
      const testState = () => {
        if (status === 'passed') return 'passed' as const;
        if (standing.heldLevelTests.includes(level.code)) return marking.certificateIds.has(level.certificateId) ? ('marking' as const) : ('booked' as const);
        return status === 'current' && completed === topics.length ? ('open' as const) : ('locked' as const);
      };
      return {
        code: level.code,
        title: level.title,
        summary: level.summary,
        status,
        ...levelProgress({ completed, total: topics.length }),
        topics: topics.map((topic) => ({
          ...toTopic(topic),
          state: topicState(topic.id),
          reviews: reviewsOf((row) => row.session.topicId === topic.id),
        })),
        test: {
          certificateId: level.certificateId,
          certificateName: level.certificateName,
          level: level.code,
          state: testState(),
          reviews: reviewsOf((row) => row.session.topicId === null && row.session.certificateId === level.certificateId),
        },
        certificate: certificate
          ? { _id: certificate.id, code: certificate.code, pdfUrl: `/api/certificates/${certificate.id}/pdf`, verifyPath: `/certificates/${certificate.code}`, issuedAt: certificate.issuedAt.toISOString() }
          : null,
      };
    }),
  };
}

/**
 * Books the learner's next step: a normal booking (the slot must be one the tutor's schedule
 * offers, one session of the curriculum plan is spent, the database refuses overlaps) plus its
 * topic, re-checked in the booking's transaction under the learner's row lock, so two tabs
 * booking at once cannot take the same topic. The tutor's chat gets the session with its topic.
 */
export async function book(ctx: AppContext, auth: AuthContext, input: CurriculumBookingPayload, log: AfterCommitLog): Promise<BookingResponse> {
  if (input.learnerId !== auth.userId) throw notFound('Learner not found');
  const now = ctx.now();
  const path = await repo.listPath(ctx.db);
  const asked = askedStep(path, input);
  const durationMin = await classDurationFor(ctx.db, { learnerId: auth.userId, forKids: false }, CURRICULUM_SUBJECT, { isChatBooking: false, now });
  if (input.duration !== durationMin) {
    throw new AppError('VALIDATION_FAILED', `Curriculum sessions last ${durationMin} minutes.`, { duration: `Must be ${durationMin}` });
  }
  const tutor = await loadTutorSnapshot(ctx.db, input.teacherId, now);
  if (!tutor) throw notFound('Tutor not found');
  assertTeaches(tutor.profile, CURRICULUM_SUBJECT);
  const startAt = input.startAt ? new Date(input.startAt) : zonedWallTimeToInstant(input.date, hhmmToMinute(input.startTime), input.timezone);
  const slot = findSlot(tutorSlots(tutor, { date: input.date, viewerTimeZone: input.timezone, durationMin, now }), startAt);
  if (!slot || slot.start !== input.startTime || slot.end !== input.endTime) throw new AppError('SLOT_UNAVAILABLE', messages.slotUnavailable);
  // Said before anything is spent; the transaction checks again.
  assertNextStep(path, standingOf(await repo.listLearnerSessions(ctx.db, auth.userId), now), asked);

  const learner = (await repo.findLearner(ctx.db, auth.userId))!;
  const topic = sessionTopic(path, { topicId: asked.topicId, certificateId: asked.certificateId, level: asked.level })!;
  let note: BookedSessionNote | undefined;
  const session = await createLiveSession(
    ctx,
    { userId: auth.userId, role: 'learner' },
    { teacherId: input.teacherId, subject: CURRICULUM_SUBJECT, startAt: slot.startAt, endAt: slot.endAt, forKids: false, isChatBooking: false, topicId: asked.topicId, certificateId: asked.certificateId, level: asked.level },
    {
      allowDemo: false,
      now,
      log,
      alongside: async (tx, sessionId) => {
        assertNextStep(path, standingOf(await repo.listLearnerSessions(tx, auth.userId), now, sessionId), asked);
        note = await recordBookedSession(tx, {
          learnerId: auth.userId,
          tutorId: input.teacherId,
          sessionId,
          startAt: slot.startAt,
          timeZone: learner.timezone,
          subject: CURRICULUM_SUBJECT,
          topic: { kind: topic.kind, id: topic.id, name: topic.topicName ?? topic.certificateName!, level: topic.level },
          message: topic.kind === 'topic' ? `Topic session: ${topic.topicName}` : `Level test: ${topic.certificateName}`,
        });
      },
    },
  );
  if (note) publishBookedSession(ctx, note);
  return {
    _id: session.id,
    startTime: slot.start,
    endTime: slot.end,
    sessionDate: input.date,
    startAt: session.startAt.toISOString(),
    type: session.type,
    teacher: { _id: input.teacherId, name: tutor.profile.name, image: avatarPath(input.teacherId) },
  };
}

type AskedStep = { topicId: string | null; certificateId: string | null; level: CurriculumLevel };

function askedStep(path: Path, input: CurriculumBookingPayload): AskedStep {
  if (input.topicId) {
    const topic = path.topics.find((t) => t.id === input.topicId);
    if (!topic) throw notFound('Topic not found');
    return { topicId: topic.id, certificateId: null, level: input.level };
  }
  const level = path.levels.find((l) => l.certificateId === input.certificateId);
  if (!level) throw notFound('Level test not found');
  return { topicId: null, certificateId: level.certificateId, level: input.level };
}

function assertNextStep(path: Path, standing: CurriculumStanding, asked: AskedStep) {
  const step = nextCurriculumStep(rulesPath(path), standing);
  const certificateLevel = asked.certificateId ? (path.levels.find((l) => l.certificateId === asked.certificateId)?.code ?? null) : null;
  if (stepMatches(step, { topicId: asked.topicId, certificateLevel, level: asked.level })) return;
  if (step.kind === 'finished') throw new AppError('CONFLICT', 'You have finished the curriculum.');
  if (step.kind === 'waiting') {
    throw new AppError('CONFLICT', step.reason === 'test_booked' ? 'Your level test is already booked.' : 'Your remaining topics are booked; the next step opens when your tutor marks them.');
  }
  throw new AppError('CONFLICT', step.kind === 'levelTest' ? `Your next step is the ${step.level} level test.` : 'That is not your next topic. Book the next topic on your path.');
}

/**
 * The topic (or level test) a learner names in a chat slot request, as the path names it: known
 * by its id only, and taken only from a learner on a curriculum plan for whom it is the next step,
 * as book would take it. What the chat stores and shows the tutor comes from here, never from the
 * request.
 */
export async function requestableTopic(ctx: AppContext, learnerId: string, ref: { id: string; kind: 'topic' | 'certificate' }) {
  const now = ctx.now();
  const path = await repo.listPath(ctx.db);
  const topic = ref.kind === 'topic' ? path.topics.find((t) => t.id === ref.id) : undefined;
  if (ref.kind === 'topic' && !topic) throw notFound('Topic not found');
  const level = topic ? path.levels.find((l) => l.code === topic.levelCode) : path.levels.find((l) => l.certificateId === ref.id);
  if (!level) throw notFound('Level test not found');
  if (!(await repo.findLiveCurriculumSubscription(ctx.db, learnerId, now))) throw new AppError('FORBIDDEN', 'Curriculum topics are for learners on a curriculum plan.');
  const asked: AskedStep = { topicId: topic?.id ?? null, certificateId: topic ? null : level.certificateId, level: level.code };
  assertNextStep(path, standingOf(await repo.listLearnerSessions(ctx.db, learnerId), now), asked);
  const named = sessionTopic(path, asked)!;
  return { kind: named.kind, id: named.id, name: named.topicName ?? named.certificateName!, level: named.level };
}

const hhmmToMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** GET /api/curriculum/sessions/{id}: the session's topic and mark, for its learner and its tutor only. */
export async function sessionView(ctx: AppContext, auth: AuthContext, sessionId: string): Promise<CurriculumSessionView> {
  const row = await repo.findSession(ctx.db, sessionId);
  if (!row || (row.session.learnerId !== auth.userId && row.session.teacherId !== auth.userId)) throw sessionNotFound();
  const view = await toSessionView(ctx, auth, await repo.listPath(ctx.db), row);
  if (!view) throw sessionNotFound();
  return view;
}

/**
 * GET /api/curriculum/sessions?ids=…: a list page's curriculum sessions in one answer, each as
 * sessionView gives it; a session that is not the caller's (or not a curriculum one) is left out.
 */
export async function sessionViews(ctx: AppContext, auth: AuthContext, sessionIds: string[]): Promise<{ items: CurriculumSessionView[] }> {
  const rows = await repo.findViewerSessions(ctx.db, sessionIds, auth.userId);
  if (rows.length === 0) return { items: [] };
  const path = await repo.listPath(ctx.db);
  const views = await Promise.all(rows.map((row) => toSessionView(ctx, auth, path, row)));
  return { items: views.filter((view) => view !== null) };
}

/** A session the viewer holds, with its topic (null when the path no longer names it), mark and whether they may mark it now. */
async function toSessionView(ctx: AppContext, auth: AuthContext, path: Path, row: repo.CurriculumSessionRow): Promise<CurriculumSessionView | null> {
  const topic = sessionTopic(path, row.session);
  if (!topic) return null;
  const problem = reviewProblem({ status: row.session.status, outcome: row.session.outcome, startAt: row.session.startAt, endAt: row.session.endAt, reviewed: row.review !== null }, ctx.now());
  const passedTest = topic.kind === 'certificate' && row.review?.completed;
  return {
    sessionId: row.session.id,
    topic,
    reviewable: auth.userId === row.session.teacherId && problem === null,
    review: toReview(row),
    certificateCode: passedTest ? ((await repo.findLevelCertificate(ctx.db, row.session.learnerId, topic.level))?.code ?? null) : null,
  };
}

const reviewRefusals = {
  CANCELLED: 'This session was cancelled.',
  NO_SHOW: 'This session was missed, so it cannot be marked.',
  ALREADY_REVIEWED: 'This session is already marked.',
  NOT_STARTED: 'You can mark the session once it has started.',
  WINDOW_CLOSED: `Sessions can be marked up to ${TOPIC_REVIEW_WINDOW_HOURS} hours after they end.`,
} as const;

/**
 * The tutor's mark after a curriculum session, once: a topic completed or not, or a level test's
 * score; passing the test issues the level certificate in the same transaction.
 */
export async function review(ctx: AppContext, auth: AuthContext, sessionId: string, input: CurriculumReviewPayload): Promise<CurriculumSessionView> {
  const now = ctx.now();
  const path = await repo.listPath(ctx.db);
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.lockSession(tx, sessionId);
      const row = await repo.findSession(tx, sessionId);
      if (!row || row.session.teacherId !== auth.userId) throw sessionNotFound();
      const topic = sessionTopic(path, row.session);
      if (!topic) throw sessionNotFound();
      if ((topic.kind === 'topic') !== (input.kind === 'topic')) {
        throw new AppError('VALIDATION_FAILED', topic.kind === 'topic' ? 'Mark the topic completed or not completed.' : 'Give the level test a score.', { kind: 'Wrong kind' });
      }
      const problem = reviewProblem({ status: row.session.status, outcome: row.session.outcome, startAt: row.session.startAt, endAt: row.session.endAt, reviewed: row.review !== null }, now);
      if (problem) throw new AppError('CONFLICT', reviewRefusals[problem]);
      const learner = await repo.lockLearner(tx, row.session.learnerId);
      if (!learner) throw sessionNotFound();
      const completed = input.kind === 'topic' ? input.completed : passesLevelTest(input.score);
      await repo.insertReview(tx, {
        sessionId,
        learnerId: learner.id,
        tutorId: auth.userId,
        levelCode: topic.level,
        topicId: topic.kind === 'topic' ? topic.id : null,
        completed,
        score: input.kind === 'levelTest' ? input.score : null,
        note: input.note,
        reviewedAt: now,
      });
      if (topic.kind === 'certificate' && completed) {
        await issueCertificateOnce(tx, { userId: learner.id, subject: { curriculumLevel: topic.level }, title: topic.certificateName!, now });
      }
    });
  } catch (error) {
    // The partial unique indexes: the topic was completed (or the level passed) in another session.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', 'The learner has already completed this step; mark this session not completed.');
    throw error;
  }
  return sessionView(ctx, auth, sessionId);
}
