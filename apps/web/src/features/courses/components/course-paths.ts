import type { CourseSubject } from '@parley/domain/courses';

/** The player, where learning starts or resumes (every subject's courses play there). */
export const playerPath = (courseId: string) => `/AICourses/${courseId}`;

/** The player, on one lesson. */
export const lessonPath = (courseId: string, lessonId: string) => `/AICourses/${courseId}?lesson=${encodeURIComponent(lessonId)}`;

/** The course's own page. */
export const coursePath = (courseId: string) => `/courses/${courseId}`;

/** Where a subject's courses are listed. */
export const catalogueOf = (subject: CourseSubject) => (subject === 'AI' ? '/AICourses' : `/courses?subject=${subject}`);
