import type { SessionItem } from '@parley/domain/booking';

type ClockShift = NonNullable<SessionItem['clockShift']>;

/** "1 hour", "30 minutes", "1 hour 30 minutes". */
function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '', rest ? `${rest} ${rest === 1 ? 'minute' : 'minutes'}` : ''];
  return parts.filter(Boolean).join(' ');
}

/** "Clocks change: this class is at 4:30 PM for Arjun Menon, 1 hour later than the week before." */
export function clockShiftText({ name, minutes, otherLocalTime }: ClockShift): string {
  return `Clocks change: this class is at ${otherLocalTime} for ${name}, ${duration(Math.abs(minutes))} ${minutes > 0 ? 'later' : 'earlier'} than the week before.`;
}

/**
 * Under an upcoming session booked in the same weekly slot: a daylight-saving change moved it in
 * the other person's clock (the server decides, from both timezones). Nothing otherwise.
 */
export function ClockShiftNote({ shift }: { shift: SessionItem['clockShift'] }) {
  if (!shift) return null;
  return (
    <p className="alert alert-soft alert-warning w-full py-2 text-sm" data-testid="clock-shift-note">
      {clockShiftText(shift)}
    </p>
  );
}
