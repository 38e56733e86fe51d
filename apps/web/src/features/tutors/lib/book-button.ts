import type { ComponentType } from 'react';
import type { BookingSubject, ScheduleResponse } from '@parley/domain/booking';

/** A slot the viewer picked in the Schedule tab: everything a booking needs from the panel. */
export type SlotChoice = {
  teacher: { _id: string; name: string; image: string };
  /** 'YYYY-MM-DD' in the viewer's timezone. */
  date: string;
  slot: ScheduleResponse['slots'][number];
  /** The schedule's class length, which the booking must repeat. */
  durationMin: number;
};

/**
 * The Schedule tab's Book button and whatever follows it. The tutor panel
 * only says which slot is picked; the booking feature supplies the button through the route
 * module, so neither feature reaches into the other.
 */
export type BookButtonProps = {
  /** null until a slot is picked: the button is disabled. */
  choice: SlotChoice | null;
  subject: BookingSubject;
  forKids: boolean;
  timeZone: string;
  /** Called after a booking, or when the slot turned out to be gone: clear the pick, reload slots. */
  onScheduleChange: () => void;
};

export type BookButtonComponent = ComponentType<BookButtonProps>;
