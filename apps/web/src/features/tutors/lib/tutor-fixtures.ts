import type { ScheduleResponse, TeacherCard } from '@parley/domain/booking';
import { formatHourMinute12 } from '@parley/domain/zoned-time';

// Test data for the tutor panel's component tests.

export const tutor: TeacherCard = {
  _id: '0b8f3c1e-6a2d-4c71-9e35-2f4d6a8b1c90',
  name: 'Ananya Iyer',
  image: '/api/assets/avatar/ananya.svg',
  rating: 4.9,
  ratingCount: 412,
  tags: ['Grammar Guru', 'Creative Conversationalist'],
  description: 'I help professionals sound as confident as they are.',
  subjects: ['English'],
  timezone: 'Asia/Kolkata',
  isBlocked: false,
  isSalesPerson: false,
  isFavourite: false,
  mentorScore: 80,
};

/** A 15-minute slot at HH:mm UTC on the date (the viewer is in UTC). */
export function slot(date: string, hhmm: string) {
  const startAt = new Date(`${date}T${hhmm}:00.000Z`);
  const endAt = new Date(startAt.getTime() + 15 * 60_000);
  const end = endAt.toISOString().slice(11, 16);
  const view = (t: string) => formatHourMinute12(Number(t.slice(0, 2)) * 60 + Number(t.slice(3)));
  return { startAt: startAt.toISOString(), endAt: endAt.toISOString(), start: hhmm, end, timeView: `${view(hhmm)} - ${view(end)}` };
}

export function schedule(slots: ScheduleResponse['slots'], overrides: Partial<ScheduleResponse> = {}): ScheduleResponse {
  return {
    teacher: tutor,
    ratingCount: tutor.ratingCount,
    isBlocked: false,
    isTeacherAvailableToday: false,
    bookedTimings: [],
    timeslot: slots.map((s) => s.timeView),
    slots,
    durationMin: 15,
    nextFreeDate: null,
    ...overrides,
  };
}

