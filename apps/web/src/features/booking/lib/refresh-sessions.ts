import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { sessionsKey } from '../api/get-sessions';
import type { BookerAs } from './booker';

/**
 * After a session was cancelled, moved or booked elsewhere: the lists reload, and so do the
 * counts a refund or a new booking changes (the learner's record with its subscription, or the
 * kid's sessions available).
 */
export function refreshSessions(queryClient: QueryClient, as: BookerAs, ownerId: string): void {
  void queryClient.invalidateQueries({ queryKey: sessionsKey });
  void queryClient.invalidateQueries({ queryKey: as === 'kid' ? ['kid', ownerId] : meQueryOptions('learner').queryKey });
}
