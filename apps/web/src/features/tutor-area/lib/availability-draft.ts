import { availabilityPayload, type AvailabilityPayload } from '@parley/domain/booking';
import { formatHourMinute12 } from '@parley/domain/zoned-time';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import type { Availability } from '../api/get-availability';

// The availability editor's working copy: times as the 'HH:mm' a time input holds, turned into
// minutes of the tutor's day only when saving. '00:00' as an end means midnight (minute 1440).

export const MINUTES_PER_DAY = 1440;

/** Monday first, as a tutor plans a week; values are Date#getDay numbers (0 = Sunday). */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export type DraftRange = { key: string; weekday: number; start: string; end: string };
export type AvailabilityDraft = { ranges: DraftRange[]; daysOff: string[] };

let nextKey = 0;
const newKey = () => `range-${++nextKey}`;

export function toHhmm(minute: number): string {
  const m = minute % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export function toMinute(hhmm: string, { isEnd }: { isEnd: boolean }): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const minute = h * 60 + m;
  return isEnd && minute === 0 ? MINUTES_PER_DAY : minute;
}

export function draftFrom(saved: Pick<Availability, 'ranges' | 'daysOff'>): AvailabilityDraft {
  return {
    ranges: saved.ranges.map((r) => ({ key: newKey(), weekday: r.weekday, start: toHhmm(r.startMinute), end: toHhmm(r.endMinute) })),
    daysOff: [...saved.daysOff].sort(),
  };
}

/** A new range for the day: an hour after the day's last one, or 09:00–12:00 on an empty day. */
export function addRange(draft: AvailabilityDraft, weekday: number): AvailabilityDraft {
  const lastEnd = Math.max(-1, ...draft.ranges.filter((r) => r.weekday === weekday).map((r) => toMinute(r.end, { isEnd: true })));
  const start = lastEnd < 0 ? 9 * 60 : Math.min(lastEnd + 60, MINUTES_PER_DAY - 60);
  const end = Math.min(start + 3 * 60, MINUTES_PER_DAY);
  return { ...draft, ranges: [...draft.ranges, { key: newKey(), weekday, start: toHhmm(start), end: toHhmm(end) }] };
}

export function toPayload(draft: AvailabilityDraft): AvailabilityPayload {
  return {
    ranges: draft.ranges.map((r) => ({ weekday: r.weekday, startMinute: toMinute(r.start, { isEnd: false }), endMinute: toMinute(r.end, { isEnd: true }) })),
    daysOff: [...new Set(draft.daysOff)].sort(),
  };
}

/**
 * The weekdays whose hours the draft changed from the saved week (ranges compared in minutes, in
 * any order): a booked session on one of them keeps its time whatever the new hours say.
 */
export function changedWeekdays(draft: AvailabilityDraft, saved: Pick<Availability, 'ranges'>): Set<number> {
  const hoursOf = (ranges: readonly { weekday: number; startMinute: number; endMinute: number }[], weekday: number) =>
    ranges
      .filter((r) => r.weekday === weekday)
      .map((r) => `${r.startMinute}-${r.endMinute}`)
      .sort()
      .join(',');
  const drafted = toPayload(draft).ranges;
  return new Set(weekOrder.filter((weekday) => hoursOf(drafted, weekday) !== hoursOf(saved.ranges, weekday)));
}

/**
 * Says where a validation message belongs, for the client's zod issues and the server's
 * `fields` alike: 'ranges.2.endMinute' → 'Tuesday 9:00 AM–12:00 PM', 'daysOff.0' → that date.
 */
export function describeIssuePath(path: string, payload: AvailabilityPayload): string | null {
  const [head, index] = path.split('.');
  const i = Number(index);
  if (head === 'ranges' && Number.isInteger(i) && payload.ranges[i]) {
    const r = payload.ranges[i];
    // In the 12-hour form the time inputs show (an end of 12:00 AM is midnight).
    const shown = (minute: number) => formatHourMinute12(minute % MINUTES_PER_DAY);
    return `${weekdayNames[r.weekday] ?? `Day ${r.weekday}`} ${shown(r.startMinute)}–${shown(r.endMinute)}`;
  }
  if (head === 'daysOff' && Number.isInteger(i) && payload.daysOff[i]) return `Day off ${formatCalendarDate(payload.daysOff[i])}`;
  if (head === 'ranges') return 'Weekly hours';
  if (head === 'daysOff') return 'Days off';
  return null;
}

/** A message, where it belongs in the editor's words, and the range it is about (to mark its inputs). */
export type DraftProblem = { where: string | null; message: string; rangeKey?: string };

/** The draft range a validation path ('ranges.2.endMinute') names; toPayload keeps the draft's order. */
function rangeKeyAt(path: string, draft: AvailabilityDraft): string | undefined {
  const [head, index] = path.split('.');
  return head === 'ranges' && index !== undefined ? draft.ranges[Number(index)]?.key : undefined;
}

/** The same schema the server parses with, plus what a time input can leave blank. */
export function draftProblems(draft: AvailabilityDraft): DraftProblem[] {
  const blank = draft.ranges.filter((r) => r.start === '' || r.end === '');
  if (blank.length > 0) {
    return blank.map((r) => ({ where: weekdayNames[r.weekday] ?? null, message: 'Enter a start and an end time', rangeKey: r.key }));
  }
  const payload = toPayload(draft);
  const parsed = availabilityPayload.safeParse(payload);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const path = issue.path.join('.');
    return { where: describeIssuePath(path, payload), message: issue.message, rangeKey: rangeKeyAt(path, draft) };
  });
}

/** A server 400's `fields` ({ 'ranges.2.endMinute': '…' }) for the draft that was sent, in the editor's words. */
export function serverProblems(fields: Record<string, string> | undefined, message: string, draft: AvailabilityDraft): DraftProblem[] {
  const entries = Object.entries(fields ?? {});
  if (entries.length === 0) return [{ where: null, message }];
  const payload = toPayload(draft);
  return entries.map(([path, text]) => ({ where: describeIssuePath(path, payload), message: text, rangeKey: rangeKeyAt(path, draft) }));
}
