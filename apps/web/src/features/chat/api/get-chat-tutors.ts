import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { teacherCardSchema, type TeacherCard } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import type { ChatAs } from '../lib/chat-viewer';

// GET /api/teachers → { items } : the tutors a learner or kid can start a new chat with.
const tutorsResponse = z.object({ items: z.array(teacherCardSchema) });

export function getChatTutors(as: Exclude<ChatAs, 'teacher'>): Promise<TeacherCard[]> {
  return http.get('/api/teachers', { role: as, actAs: as, parse: (data) => tutorsResponse.parse(data).items.filter((t) => !t.isBlocked) });
}

export const chatTutorsQueryOptions = (as: Exclude<ChatAs, 'teacher'>) =>
  queryOptions({ queryKey: ['chat', as, 'tutors'], queryFn: () => getChatTutors(as), staleTime: 5 * 60_000 });

export function useChatTutors(as: Exclude<ChatAs, 'teacher'>, enabled = true) {
  return useQuery({ ...chatTutorsQueryOptions(as), enabled });
}
