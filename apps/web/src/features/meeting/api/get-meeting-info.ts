import { queryOptions, useQuery } from '@tanstack/react-query';
import { meetingInfoSchema, type MeetingInfo } from '@parley/domain/live-sessions';
import { ApiError, http, isApiError } from '../../../shared/lib/http';
import type { MeetingRole } from '../lib/meeting-access';

// GET /api/meeting/:sessionId → meetingInfoSchema: the class's subject, times, join window, the
// other person and the ICE servers, asked as one role (x-parley-as).

export function getMeetingInfo(sessionId: string, as: MeetingRole): Promise<MeetingInfo> {
  return http.get(`/api/meeting/${encodeURIComponent(sessionId)}`, { actAs: as, parse: (data) => meetingInfoSchema.parse(data) });
}

/** The class and the role that may open it. */
export type MeetingAccess = { as: MeetingRole; info: MeetingInfo };

const refusedStatuses = new Set([401, 403, 404]);

/**
 * Asks as each role this browser holds, in order, until one is the session's learner, kid or
 * tutor. A refusal with a reason (403, 404) wins over an expired sign-in (401) as the answer when
 * none is.
 */
export async function getMeetingAccess(sessionId: string, roles: readonly MeetingRole[]): Promise<MeetingAccess> {
  let refusal: ApiError | null = null;
  for (const as of roles) {
    try {
      return { as, info: await getMeetingInfo(sessionId, as) };
    } catch (error) {
      if (!isApiError(error) || !refusedStatuses.has(error.status)) throw error;
      if (!refusal || refusal.status === 401) refusal = error;
    }
  }
  throw refusal ?? new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Please log in to join this class.' });
}

/** Every cached answer about one class (to refresh when the session changes). */
export const meetingQueryKey = (sessionId: string) => ['meeting', sessionId] as const;

export const meetingAccessQueryOptions = (sessionId: string, roles: readonly MeetingRole[]) =>
  queryOptions({ queryKey: [...meetingQueryKey(sessionId), 'access', roles.join(',')], queryFn: () => getMeetingAccess(sessionId, roles), staleTime: 30_000 });

export function useMeetingAccess(sessionId: string, roles: readonly MeetingRole[], enabled: boolean) {
  return useQuery({ ...meetingAccessQueryOptions(sessionId, roles), enabled });
}
