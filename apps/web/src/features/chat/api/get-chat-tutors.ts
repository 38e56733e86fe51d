import { queryOptions, useQuery } from '@tanstack/react-query';
import { teachesKids } from '@parley/domain/kids';
import { getTutors } from '../../../shared/api/get-tutors';
import type { ChatAs } from '../lib/chat-viewer';

// The tutors a learner or kid can start a new chat with: every tutor not blocked (for a kid, who teaches kids).
export const chatTutorsQueryOptions = (as: Exclude<ChatAs, 'teacher'>) =>
  queryOptions({
    queryKey: ['chat', as, 'tutors'],
    queryFn: async () => (await getTutors(as)).filter((t) => !t.isBlocked && (as !== 'kid' || teachesKids(t.subjects))),
    staleTime: 5 * 60_000,
  });

export function useChatTutors(as: Exclude<ChatAs, 'teacher'>, enabled = true) {
  return useQuery({ ...chatTutorsQueryOptions(as), enabled });
}
