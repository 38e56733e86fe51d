import { useQuery } from '@tanstack/react-query';
import { meetingMessagesResponse, type MeetingMessage } from '@parley/domain/live-sessions';
import { http } from '../../../shared/lib/http';
import type { MeetingRole } from '../lib/meeting-access';
import { meetingQueryKey } from './get-meeting-info';

// GET /api/meeting/:sessionId/messages → { items }: the class's chat, kept with the session, for its
// learner (or kid) and tutor at any time; the page shows it once the class is over.

export function getMeetingMessages(sessionId: string, as: MeetingRole): Promise<MeetingMessage[]> {
  return http.get(`/api/meeting/${encodeURIComponent(sessionId)}/messages`, { actAs: as, parse: (data) => meetingMessagesResponse.parse(data).items });
}

export function useMeetingMessages(sessionId: string, as: MeetingRole) {
  return useQuery({ queryKey: [...meetingQueryKey(sessionId), 'messages'], queryFn: () => getMeetingMessages(sessionId, as) });
}
