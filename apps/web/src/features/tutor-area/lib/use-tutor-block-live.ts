import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@parley/domain/live-sessions';
import { isTutorBlockNews } from '@parley/domain/moderation';
import { useSocket } from '../../../shared/lib/socket';
import { useSocketEvent } from '../../../shared/lib/use-socket-event';
import { availabilityQueryOptions } from '../api/get-availability';

/**
 * The block notice follows a moderator's block or unblock while the tutor's area is open: the
 * tutor's notice of it asks for their availability (which carries the block) again, as does a
 * socket back from a drop (the notice may have been missed).
 */
export function useTutorBlockLive(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: availabilityQueryOptions().queryKey });
  useSocketEvent(useSocket('teacher'), 'notification', {
    onEvent: (notification: Notification) => {
      if (isTutorBlockNews(notification)) refresh();
    },
    onReconnect: refresh,
  });
}
