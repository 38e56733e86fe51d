import { queryOptions, useQuery } from '@tanstack/react-query';
import { CURRICULUM_SESSIONS_MAX_IDS, curriculumSessionsResponse, type CurriculumSessionView } from '@parley/domain/curriculum';
import { ApiError, http } from '../../../shared/lib/http';
import { curriculumQueryKey } from './get-curriculum';

// GET /api/curriculum/sessions?ids=… → the named curriculum sessions' topics (or level tests),
// whether their tutor may mark them now, and the marks; for their learner and tutor only (any
// other session is left out of the answer).

export type CurriculumViewer = 'learner' | 'teacher';

export function getCurriculumSessions(sessionIds: readonly string[], as: CurriculumViewer): Promise<CurriculumSessionView[]> {
  return http.get('/api/curriculum/sessions', { query: { ids: sessionIds.join(',') }, role: as, actAs: as, parse: (data) => curriculumSessionsResponse.parse(data).items });
}

type Waiting = { resolve: (view: CurriculumSessionView) => void; reject: (error: unknown) => void };
/** Sessions asked for since the last request went, by viewer: each session's waiting queries. */
const asked = new Map<CurriculumViewer, Map<string, Waiting[]>>();

/**
 * One session, fetched with the others asked for in the same moment: a list page renders a panel
 * per curriculum session, and their queries start together, so the page sends one request
 * instead of one per session. Each session keeps its own query (and cache entry) all the same.
 */
export function getCurriculumSession(sessionId: string, as: CurriculumViewer): Promise<CurriculumSessionView> {
  return new Promise((resolve, reject) => {
    let batch = asked.get(as);
    if (!batch) {
      batch = new Map();
      asked.set(as, batch);
      // After every query started in this render has asked.
      setTimeout(() => void sendAsked(as), 0);
    }
    batch.set(sessionId, [...(batch.get(sessionId) ?? []), { resolve, reject }]);
  });
}

async function sendAsked(as: CurriculumViewer): Promise<void> {
  const batch = asked.get(as);
  asked.delete(as);
  if (!batch) return;
  const ids = [...batch.keys()];
  for (let from = 0; from < ids.length; from += CURRICULUM_SESSIONS_MAX_IDS) {
    const chunk = ids.slice(from, from + CURRICULUM_SESSIONS_MAX_IDS);
    const settle = (id: string, outcome: (waiting: Waiting) => void) => batch.get(id)?.forEach(outcome);
    try {
      const views = new Map((await getCurriculumSessions(chunk, as)).map((view) => [view.sessionId, view]));
      for (const id of chunk) {
        const view = views.get(id);
        // Left out: not this viewer's, or not a curriculum session (the one-session route's 404).
        settle(id, (waiting) => (view ? waiting.resolve(view) : waiting.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Session not found' }))));
      }
    } catch (error) {
      for (const id of chunk) settle(id, (waiting) => waiting.reject(error));
    }
  }
}

export const curriculumSessionQueryOptions = (sessionId: string, as: CurriculumViewer) =>
  queryOptions({ queryKey: [...curriculumQueryKey, 'session', sessionId, as], queryFn: () => getCurriculumSession(sessionId, as) });

export function useCurriculumSession(sessionId: string, as: CurriculumViewer) {
  return useQuery(curriculumSessionQueryOptions(sessionId, as));
}
