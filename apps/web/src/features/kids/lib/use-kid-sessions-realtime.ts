import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSessionsChanged } from '../../../shared/lib/use-sessions-changed';

/**
 * After one of the kid's classes was booked, cancelled or moved: everything cached for the kid
 * reloads — the class lists, the sessions available per subject (a cancellation can give one back)
 * and the kid's record (a demo given back can be booked again).
 */
export function refreshKidClasses(queryClient: QueryClient, kidId: string): void {
  void queryClient.invalidateQueries({ queryKey: ['kid', kidId] });
}

/**
 * Keeps the kid's class lists current: the server says `sessions_changed` on the kid's socket when
 * a tutor cancels or books one of the kid's classes; after a dropped connection they reload too.
 */
export function useKidSessionsRealtime(kidId: string) {
  const queryClient = useQueryClient();
  useSessionsChanged('kid', () => refreshKidClasses(queryClient, kidId));
}
