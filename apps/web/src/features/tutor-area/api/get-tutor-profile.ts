import { queryOptions, useQuery } from '@tanstack/react-query';
import { tutorProfileResponse, type TutorProfile } from '@parley/domain/tutor-profile';
import { http } from '../../../shared/lib/http';

// GET /api/teacher/profile → { name, image, rating, ratingCount, subjects, bio, tags, country, timezone }:
// what learners read on the tutor's card, and the place the tutor's hours are kept in.
export function getTutorProfile(): Promise<TutorProfile> {
  return http.get('/api/teacher/profile', { role: 'teacher', actAs: 'teacher', parse: (data) => tutorProfileResponse.parse(data) });
}

export const tutorProfileQueryOptions = () => queryOptions({ queryKey: ['teacher', 'profile'], queryFn: getTutorProfile });

export function useTutorProfile() {
  return useQuery(tutorProfileQueryOptions());
}
