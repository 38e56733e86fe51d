import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CurriculumLevel } from '@parley/domain/curriculum';
import { isoDateInZone } from '@parley/domain/zoned-time';
import type { Db } from '../client';
import { certificates, curriculumLevels, curriculumReviews, curriculumTopics, liveSessions, teachers, users } from '../schema';
import { certificateCode, seedId } from './courses-seed';
import { curriculumPath } from './curriculum-path';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const CLASS_MIN = 25;

/** Tutors who teach the curriculum (their subjects gain Curriculum, also on databases seeded before it existed). */
export const curriculumTutorEmails = ['tutor@parley.test', 'priya.nair@parley.test', 'oliver.grant@parley.test'];

export const topicSeedId = (level: CurriculumLevel, position: number) => seedId(`curriculum-topic:${level}:${position}`);

/** The path (levels, topics) and the tutors who teach it; keyed rows, so a second run changes nothing. */
export async function seedCurriculumPath(db: Db): Promise<void> {
  for (const [index, level] of curriculumPath.entries()) {
    await db
      .insert(curriculumLevels)
      .values({ code: level.code, position: index + 1, title: level.title, summary: level.summary, certificateId: seedId(`curriculum-certificate:${level.code}`), certificateName: level.certificateName })
      .onConflictDoNothing();
    await db
      .insert(curriculumTopics)
      .values(level.topics.map((topic, i) => ({ id: topicSeedId(level.code, i + 1), levelCode: level.code, position: i + 1, ...topic })))
      .onConflictDoNothing();
  }
  const tutors = await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'teacher'), inArray(users.email, curriculumTutorEmails)));
  if (tutors.length === 0) return;
  await db
    .update(teachers)
    .set({ subjects: sql`array_append(${teachers.subjects}, 'Curriculum')` })
    .where(and(inArray(teachers.userId, tutors.map((t) => t.id)), sql`not ('Curriculum' = any(${teachers.subjects}))`));
}

type DoneSession = { level: CurriculumLevel; position: number | 'test'; tutorEmail: string; daysAgo: number; note: string; score?: number };

/**
 * Neha Gupta's path so far: A1 finished (six topics and the level test, certificate issued), A2's
 * first two topics completed, and its third taught an hour before the seed ran, waiting for
 * Ananya Iyer (tutor@parley.test) to mark it. Her next step is A2's fourth topic.
 */
const nehaHistory: DoneSession[] = [
  { level: 'A1', position: 1, tutorEmail: 'tutor@parley.test', daysAgo: 40, note: 'Clear introductions. Keep practising “I work as a…” without the article slip.' },
  { level: 'A1', position: 2, tutorEmail: 'tutor@parley.test', daysAgo: 37, note: 'Described her sister and cousin well; add one more adjective each time.' },
  { level: 'A1', position: 3, tutorEmail: 'priya.nair@parley.test', daysAgo: 34, note: 'Routine with times was easy to follow. Watch the -s in “she gets up”.' },
  { level: 'A1', position: 4, tutorEmail: 'tutor@parley.test', daysAgo: 31, note: 'Ordered confidently and asked about the dish. Good use of “could I have”.' },
  { level: 'A1', position: 5, tutorEmail: 'priya.nair@parley.test', daysAgo: 28, note: 'Gave directions on her own map without hesitating. Practise “opposite”.' },
  { level: 'A1', position: 6, tutorEmail: 'tutor@parley.test', daysAgo: 25, note: 'Used “going to” for plans correctly every time.' },
  { level: 'A1', position: 'test', tutorEmail: 'tutor@parley.test', daysAgo: 22, score: 78, note: 'Passed A1 comfortably: fluent greetings and routines; keep working on question forms.' },
  { level: 'A2', position: 1, tutorEmail: 'tutor@parley.test', daysAgo: 15, note: 'A lively story about the weekend. Irregular past forms mostly right (went, saw).' },
  { level: 'A2', position: 2, tutorEmail: 'priya.nair@parley.test', daysAgo: 8, note: 'Compared two phones with “cheaper than” and “the same as”. Well done.' },
];

/** Seeds Neha's sessions, marks and A1 certificate, once (keyed by seeded ids). */
export async function seedCurriculumLearner(db: Db, now: Date): Promise<void> {
  const [neha] = await db.select({ id: users.id, name: users.name, timezone: users.timezone }).from(users).where(and(eq(users.role, 'learner'), eq(users.email, 'curriculum@parley.test')));
  if (!neha) return;
  const [already] = await db.select({ id: liveSessions.id }).from(liveSessions).where(eq(liveSessions.id, seedId('curriculum-session:neha:pending')));
  if (already) return;
  const tutorIds = new Map<string, string>();
  for (const row of await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'teacher'))) tutorIds.set(row.email ?? '', row.id);
  const tutorOf = (email: string) => {
    const id = tutorIds.get(email);
    if (!id) throw new Error(`seed: unknown tutor ${email}`);
    return id;
  };

  for (const done of nehaHistory) {
    const level = curriculumPath.find((l) => l.code === done.level)!;
    const isTest = done.position === 'test';
    const startAt = new Date(now.getTime() - done.daysAgo * DAY_MS);
    const endAt = new Date(startAt.getTime() + CLASS_MIN * 60_000);
    const sessionId = seedId(`curriculum-session:neha:${done.level}:${done.position}`);
    const topicId = isTest ? null : topicSeedId(done.level, done.position as number);
    await db.insert(liveSessions).values({
      id: sessionId,
      teacherId: tutorOf(done.tutorEmail),
      learnerId: neha.id,
      subject: 'Curriculum',
      type: 'Regular',
      startAt,
      endAt,
      topicId,
      certificateId: isTest ? seedId(`curriculum-certificate:${done.level}`) : null,
      level: done.level,
      outcome: 'Completed',
      learnerMinutes: CLASS_MIN,
      tutorMinutes: CLASS_MIN,
    });
    await db.insert(curriculumReviews).values({
      sessionId,
      learnerId: neha.id,
      tutorId: tutorOf(done.tutorEmail),
      levelCode: done.level,
      topicId,
      completed: true,
      score: done.score ?? null,
      note: done.note,
      reviewedAt: new Date(endAt.getTime() + HOUR_MS),
    });
    if (isTest) {
      await db.insert(certificates).values({
        id: seedId(`curriculum-certificate-issued:neha:${done.level}`),
        code: certificateCode(`curriculum:neha:${done.level}`),
        userId: neha.id,
        curriculumLevel: done.level,
        learnerName: neha.name,
        courseTitle: level.certificateName,
        issuedAt: new Date(endAt.getTime() + HOUR_MS),
        issuedOn: isoDateInZone(new Date(endAt.getTime() + HOUR_MS), neha.timezone),
      });
    }
  }
  // Taught an hour ago; the tutor has not marked it yet (tutor@parley.test's past sessions).
  const pendingStart = new Date(now.getTime() - HOUR_MS - CLASS_MIN * 60_000);
  await db.insert(liveSessions).values({
    id: seedId('curriculum-session:neha:pending'),
    teacherId: tutorOf('tutor@parley.test'),
    learnerId: neha.id,
    subject: 'Curriculum',
    type: 'Regular',
    startAt: pendingStart,
    endAt: new Date(pendingStart.getTime() + CLASS_MIN * 60_000),
    topicId: topicSeedId('A2', 3),
    level: 'A2',
    outcome: 'Completed',
    learnerMinutes: CLASS_MIN,
    tutorMinutes: CLASS_MIN,
  });
}
