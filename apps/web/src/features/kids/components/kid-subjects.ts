import { kidSubjects as domainKidSubjects } from '@parley/domain/kids';

/** The kids subjects, their route segment, the subject name the API uses, and a blurb. */
const blurbs = {
  english: 'Reading, speaking and storytelling in playful 25-minute classes.',
  'financial-education': 'Saving, spending and earning explained with games and real-life stories.',
} as const;

export type KidSubjectSlug = keyof typeof blurbs;

export const kidSubjectList = domainKidSubjects.map((s) => ({ ...s, blurb: blurbs[s.slug] }));
export type KidSubjectInfo = (typeof kidSubjectList)[number];

export function isKidSubjectSlug(value: string | undefined): value is KidSubjectSlug {
  return value === 'english' || value === 'financial-education';
}

export function kidSubjectBySlug(slug: KidSubjectSlug): KidSubjectInfo {
  return kidSubjectList.find((s) => s.slug === slug)!;
}
