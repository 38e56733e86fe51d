import { useQuery } from '@tanstack/react-query';
import { getSessions, sessionsKey } from '../../../shared/api/get-sessions';
import type { TutorViewer } from '../lib/tutor-viewer';

// GET /api/sessions?when=upcoming&limit=50 (every subject): the viewer's own booked sessions, with
// any tutor. A slot one of them overlaps would be refused (LEARNER_BUSY), so the schedule marks it.
// Under the sessions key, so a booking or a sessions_changed event asks again.
const OWN_SESSIONS_LIMIT = 50;

export function useOwnUpcomingSessions(viewer: Pick<TutorViewer, 'as' | 'id'>) {
  return useQuery({
    queryKey: [...sessionsKey, viewer.as, viewer.id, 'all', 'upcoming', 'own'],
    queryFn: () => getSessions({ as: viewer.as, ownerId: viewer.id, when: 'upcoming', limit: OWN_SESSIONS_LIMIT }),
  });
}
