import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tutorApplicationsResponse, type TutorApplication } from '@parley/domain/outreach';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/tutor-applications?page&limit → { items, total }: applications sent from
// /teach-with-us, newest first (moderator session only).
export type TutorApplicationsPage = z.infer<typeof tutorApplicationsResponse>;
export type { TutorApplication };

export const TUTOR_APPLICATIONS_PAGE_SIZE = 20;

export function getTutorApplications(page: number, limit = TUTOR_APPLICATIONS_PAGE_SIZE): Promise<TutorApplicationsPage> {
  return http.get('/api/moderator/tutor-applications', { query: { page, limit }, role: 'moderator', actAs: 'moderator', parse: (data) => tutorApplicationsResponse.parse(data) });
}

export const tutorApplicationsQueryOptions = (page: number, limit = TUTOR_APPLICATIONS_PAGE_SIZE) =>
  queryOptions({ queryKey: ['moderation', 'tutor-applications', page, limit], queryFn: () => getTutorApplications(page, limit) });

export function useTutorApplications(page: number) {
  return useQuery({ ...tutorApplicationsQueryOptions(page), placeholderData: keepPreviousData });
}
