import { useQuery } from '@tanstack/react-query';
import type { ScheduleResponse, SessionItem } from '@parley/domain/booking';
import { SCHEDULE_WINDOW_DAYS } from '@parley/domain/constants';
import { MS_PER_DAY } from '@parley/domain/zoned-time';
import { getSessions, sessionsKey } from '../../../shared/api/get-sessions';
import type { TutorViewer } from '../lib/tutor-viewer';

// GET /api/sessions?when=upcoming (every subject), page by page: the viewer's own booked sessions,
// with any tutor, that start before the schedule's last date ends. A slot one of them overlaps
// would be refused (LEARNER_BUSY), so the schedule marks it. Under the sessions key, so a booking
// or a sessions_changed event asks again.
const PAGE_SIZE = 50;
/** The window's 14 dates, with a day more for the viewer's zone. */
const WINDOW_MS = (SCHEDULE_WINDOW_DAYS + 1) * MS_PER_DAY;

async function getOwnUpcomingSessions(viewer: Pick<TutorViewer, 'as' | 'id'>): Promise<SessionItem[]> {
  const end = Date.now() + WINDOW_MS;
  const items: SessionItem[] = [];
  for (let page = 1; ; page += 1) {
    const list = await getSessions({ as: viewer.as, ownerId: viewer.id, when: 'upcoming', page, limit: PAGE_SIZE });
    items.push(...list.items);
    const last = list.items.at(-1);
    // Upcoming sessions come in the order they start.
    if (!last || items.length >= list.total || Date.parse(last.startAt) >= end) return items;
  }
}

export function useOwnUpcomingSessions(viewer: Pick<TutorViewer, 'as' | 'id'>) {
  return useQuery({
    queryKey: [...sessionsKey, viewer.as, viewer.id, 'all', 'upcoming', 'own'],
    queryFn: () => getOwnUpcomingSessions(viewer),
  });
}

/**
 * The slots (startAt, ISO) one of the viewer's own booked sessions overlaps: the Schedule tab and
 * the reschedule dialog mark them, as the server would refuse them. `except`: the session being
 * moved, which is cancelled as its new time is booked.
 */
export function busySlotStarts(schedule: ScheduleResponse | undefined, own: readonly SessionItem[], except?: string): ReadonlySet<string> {
  const busy = new Set<string>();
  const others = own.filter((s) => s.status === 'booked' && s._id !== except);
  for (const slot of schedule?.slots ?? []) {
    const start = Date.parse(slot.startAt);
    const end = Date.parse(slot.endAt);
    if (others.some((s) => Date.parse(s.startAt) < end && start < Date.parse(s.endAt))) busy.add(new Date(start).toISOString());
  }
  return busy;
}
