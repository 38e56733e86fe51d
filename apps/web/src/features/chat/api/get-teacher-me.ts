import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userRecordSchema, type UserRecord } from '@parley/domain/user';
import { http } from '../../../shared/lib/http';

// GET /api/auth/me?role=teacher → { user }: the tutor's own record (name, timezone) for the chat page.
const meResponse = z.object({ user: userRecordSchema });

export function getTeacherMe(): Promise<UserRecord> {
  return http.get('/api/auth/me', { query: { role: 'teacher' }, role: 'teacher', actAs: 'teacher', parse: (data) => meResponse.parse(data).user });
}

export const teacherMeQueryOptions = () => queryOptions({ queryKey: ['auth', 'me', 'teacher'], queryFn: getTeacherMe, staleTime: 60_000 });

export function useTeacherMe() {
  return useQuery(teacherMeQueryOptions());
}
