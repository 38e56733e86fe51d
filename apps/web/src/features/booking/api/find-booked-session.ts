import type { SessionItem } from '@parley/domain/booking';
import { getSessions } from '../../../shared/api/get-sessions';
import type { BookerAs } from '../lib/booker';

const PAGE_SIZE = 50;

/**
 * After a booking's answer was lost (a timeout, a dropped connection): the booked session with this
 * tutor at this start, when the booking was stored all the same; null when it was not. Upcoming
 * sessions come in the order they start, so the pages stop once they pass it.
 */
export async function findBookedSession(q: { as: BookerAs; ownerId: string; teacherId: string; startAt: string }): Promise<SessionItem | null> {
  const start = Date.parse(q.startAt);
  for (let page = 1; ; page += 1) {
    const list = await getSessions({ as: q.as, ownerId: q.ownerId, when: 'upcoming', page, limit: PAGE_SIZE });
    const found = list.items.find((s) => s.status === 'booked' && s.teacher._id === q.teacherId && Date.parse(s.startAt) === start);
    if (found) return found;
    const last = list.items.at(-1);
    if (!last || page * PAGE_SIZE >= list.total || Date.parse(last.startAt) > start) return null;
  }
}
