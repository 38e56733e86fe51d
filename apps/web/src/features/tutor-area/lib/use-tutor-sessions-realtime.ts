import { useQueryClient } from '@tanstack/react-query';
import { useSessionsChanged } from '../../../shared/lib/use-sessions-changed';
import { tutorSessionsKey } from '../api/get-tutor-sessions';

/**
 * The tutor's session lists follow the server's `sessions_changed` (a learner booked, cancelled
 * or moved a session) and reload after a dropped connection.
 */
export function useTutorSessionsRealtime() {
  const queryClient = useQueryClient();
  useSessionsChanged('teacher', () => void queryClient.invalidateQueries({ queryKey: tutorSessionsKey }));
}
