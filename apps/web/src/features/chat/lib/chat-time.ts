import { TZDate } from '@date-fns/tz';
import { format, isSameDay } from 'date-fns';

// Server times are UTC ISO; every chat time is shown in the viewer's timezone (USER.timezone).

const inZone = (iso: string | Date, timeZone: string) => new TZDate(new Date(iso).getTime(), timeZone);

/** '3:30 PM' today, '12 Mar, 3:30 PM' on another day (conversation list, message footers). */
export function formatChatTime(iso: string, timeZone: string, now: Date): string {
  const when = inZone(iso, timeZone);
  return isSameDay(when, inZone(now, timeZone)) ? format(when, 'h:mm a') : format(when, 'dd MMM, h:mm a');
}

/** Chat dates read dd-MMM-yyyy. */
export function formatChatDate(iso: string | Date, timeZone: string): string {
  return format(inZone(iso, timeZone), 'dd-MMM-yyyy');
}

export function formatClock12(iso: string | Date, timeZone: string): string {
  return format(inZone(iso, timeZone), 'h:mm a');
}

/** The 24 h wall time the chatroom_message payload carries (sessionTime 'HH:mm'). */
export function formatClock24(iso: string | Date, timeZone: string): string {
  return format(inZone(iso, timeZone), 'HH:mm');
}
