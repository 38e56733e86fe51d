import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../shared/lib/current-user';

/** GET /api/auth/me?role=teacher: the tutor's own record (name, timezone). */
export function useTeacherProfile() {
  return useQuery(meQueryOptions('teacher'));
}
