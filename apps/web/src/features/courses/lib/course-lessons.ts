import type { CourseDetail, Lesson } from '@parley/domain/courses';

/** A lesson with where it sits in the course: its module and its place in the whole course. */
export type PlacedLesson = { lesson: Lesson; moduleTitle: string; index: number };

/** Every lesson of the course in syllabus order. */
export function courseLessons(course: Pick<CourseDetail, 'modules'>): PlacedLesson[] {
  return course.modules.flatMap((module) => module.lessons.map((lesson) => ({ lesson, moduleTitle: module.title }))).map((placed, index) => ({ ...placed, index }));
}

/** The lesson asked for in the URL, else where the learner left off, else the first one. */
export function lessonToOpen(lessons: readonly PlacedLesson[], requestedId: string | null, resumeLessonId: string | null): PlacedLesson | undefined {
  const byId = (id: string | null) => (id ? lessons.find((placed) => placed.lesson._id === id) : undefined);
  return byId(requestedId) ?? byId(resumeLessonId) ?? lessons[0];
}

/** Text lessons are plain text: a blank line starts a new paragraph. */
export function textParagraphs(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}
