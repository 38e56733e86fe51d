import type { ReactNode } from 'react';
import { formatCalendarDate } from '../lib/calendar-date';
import { Modal } from './modal';

type Props = {
  open: boolean;
  /** What is booked, above its facts: the tutor, or the curriculum topic. */
  heading: ReactNode;
  /** Facts listed before the date and time (the curriculum's tutor). */
  details?: readonly { label: string; value: ReactNode }[];
  date: string;
  timeView: string;
  timeZone: string;
  /** A line under the facts (what the booking spends). */
  note?: string;
  onCancel: () => void;
  onConfirm: () => void;
};

/** A session booking's confirmation: what is about to be booked, on which date and time, in the viewer's timezone. */
export function ConfirmSessionDialog({ open, heading, details = [], date, timeView, timeZone, note, onCancel, onConfirm }: Props) {
  const facts = [...details, { label: 'Date', value: formatCalendarDate(date, 'EEEE, d MMMM yyyy') }, { label: 'Time', value: timeView }];
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Confirm your session"
      size="sm"
      actions={
        <>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={onConfirm}>
            Confirm booking
          </button>
        </>
      }
    >
      {heading}
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="text-base-content/60">{fact.label}</dt>
            <dd className="font-medium">{fact.value}</dd>
          </div>
        ))}
        <dt className="text-base-content/60">Timezone</dt>
        <dd>{timeZone}</dd>
      </dl>
      {note ? <p className="mt-3 text-sm text-base-content/70">{note}</p> : null}
    </Modal>
  );
}
