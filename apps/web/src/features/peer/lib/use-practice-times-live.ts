import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@parley/domain/live-sessions';
import { useSocket } from '../../../shared/lib/socket';
import { useSocketEvent } from '../../../shared/lib/use-socket-event';
import { peerSlotsQueryOptions } from '../api/get-peer-slots';
import type { SlotOwner } from '../api/slot-owner';
import { peerAs } from './peer-as';

/** Whether a pushed notification is about a practice time (booked, cancelled, reminded). */
export const isPracticeTimeNews = (notification: Pick<Notification, 'kind'>) => notification.kind.startsWith('peer_slot_');

/**
 * Keeps the practice times on screen current: when someone books or cancels one of them, the
 * server's notification (to the peer, or to the parent for a kid's) asks for the list again; so
 * does a socket that comes back after a drop, as news may have been missed meanwhile.
 */
export function usePracticeTimesLive({ kidId }: SlotOwner): void {
  // A kid's times are the parent's to run: their notices reach the parent's learner session.
  const socket = useSocket(kidId ? 'learner' : peerAs());
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: peerSlotsQueryOptions({ kidId }).queryKey });
  useSocketEvent(socket, 'notification', {
    onEvent: (notification: Notification) => {
      if (isPracticeTimeNews(notification)) refresh();
    },
    onReconnect: refresh,
  });
}
