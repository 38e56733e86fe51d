import { useId, useRef, useState, type FormEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { PeerCallMode } from '@parley/domain/peer';
import {
  PEER_SLOT_GRID_MIN,
  PEER_SLOT_JOIN_OPENS_BEFORE_MIN,
  PEER_SLOT_LENGTHS_MIN,
  peerSlotJoinOpensAt,
  peerSlotJoinWindow,
  peerSlotPublishableStarts,
  peerSlotTexts,
  type PeerOpenSlot,
  type PeerSlot,
  type PeerSlotLengthMin,
} from '@parley/domain/peer-slots';
import { formatHourMinute12, isoDateInZone, MINUTES_PER_DAY, zonedWallTimeToInstant } from '@parley/domain/zoned-time';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useBookPeerSlot } from '../api/book-peer-slot';
import { useCancelPeerSlot } from '../api/cancel-peer-slot';
import { usePeerSlots } from '../api/get-peer-slots';
import { useJoinPeerSlot } from '../api/join-peer-slot';
import { usePublishPeerSlot } from '../api/publish-peer-slot';
import type { SlotOwner } from '../api/slot-owner';
import { dateTimeText, usePeerSlotClock } from '../lib/peer-time';
import { usePracticeTimesLive } from '../lib/use-practice-times-live';
import { CancelSlotDialog } from './cancel-slot-dialog';

const modeText = (mode: PeerCallMode) => (mode === 'audio' ? 'audio only' : 'video');
const QUARTER_HOURS = Array.from({ length: MINUTES_PER_DAY / PEER_SLOT_GRID_MIN }, (_, i) => i * PEER_SLOT_GRID_MIN);

/**
 * Scheduled practice on the peer dashboard: publish a time, book one another peer published,
 * and the upcoming list, with Join from 5 minutes before the start (both sides open the same call)
 * and Cancel before it.
 */
type ScheduledPracticeProps = {
  timeZone: string;
  callPath?: (callId: string) => string;
  owner?: SlotOwner;
  intro?: string;
  /** Said when the owner has too few minutes for a call (the server refuses to publish or book then): Publish and Book are off. */
  needsMinutes?: ReactNode;
};

export function ScheduledPractice({ timeZone, callPath, owner = {}, intro, needsMinutes }: ScheduledPracticeProps) {
  const slots = usePeerSlots(owner);
  usePracticeTimesLive(owner);
  // Book and Publish put a time in "Your practice times", while the button pressed is disabled (and
  // Book's row goes): focus would fall to <body> (WCAG 2.4.3). It goes to that list's heading.
  const upcomingHeading = useRef<HTMLHeadingElement>(null);
  const showUpcoming = () => upcomingHeading.current?.focus();
  return (
    <section aria-labelledby="scheduled-heading" className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <div>
        <h2 id="scheduled-heading" className="text-lg font-semibold">
          Scheduled practice
        </h2>
        <p className="text-sm text-base-content/80">{intro ?? 'Publish a time that suits you, or book one another peer published. You both get a reminder before it starts.'}</p>
      </div>
      {slots.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading practice times</span>
          <div className="skeleton h-14 w-full" />
        </div>
      ) : slots.isError ? (
        <RetryAlert message={errorMessage(slots.error)} onRetry={() => void slots.refetch()} retrying={slots.isFetching} className="text-base-content" />
      ) : (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <div className="space-y-6">
            <UpcomingSlots slots={slots.data.mine} timeZone={timeZone} callPath={callPath} owner={owner} headingRef={upcomingHeading} />
            {needsMinutes ? (
              <p role="note" data-testid="needs-minutes" className="rounded-box bg-warning/15 p-3 text-sm">
                {needsMinutes}
              </p>
            ) : null}
            <PublishSlotForm timeZone={timeZone} owner={owner} onPublished={showUpcoming} disabled={Boolean(needsMinutes)} />
          </div>
          <OpenSlots slots={slots.data.open} timeZone={timeZone} owner={owner} onBooked={showUpcoming} disabled={Boolean(needsMinutes)} />
        </div>
      )}
    </section>
  );
}

type UpcomingSlotsProps = { slots: PeerSlot[]; timeZone: string; callPath?: (callId: string) => string; owner: SlotOwner; headingRef: RefObject<HTMLHeadingElement | null> };

function UpcomingSlots({ slots, timeZone, callPath, owner, headingRef }: UpcomingSlotsProps) {
  const now = usePeerSlotClock(slots);
  const idBase = useId();
  const navigate = useNavigate();
  const join = useJoinPeerSlot();
  const cancel = useCancelPeerSlot(owner);
  // Cancelling tells the partner, and the button sits next to Join: it asks first.
  const [cancelling, setCancelling] = useState<PeerSlot | null>(null);
  const confirmCancel = (slot: PeerSlot) =>
    cancel.mutate(slot._id, {
      onSuccess: () => {
        setCancelling(null);
        notify.success(peerSlotTexts.cancelled);
        // The dialog gives the focus back to the time's Cancel, which leaves with the time: it goes on to the list's heading.
        window.setTimeout(() => headingRef.current?.focus(), 0);
      },
      onError: (error) => notify.failure(error),
    });
  return (
    <div className="space-y-2">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold">
        Your practice times
      </h3>
      {slots.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-3 text-sm">Nothing scheduled yet.</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {slots.map((slot) => {
            const startAt = new Date(slot.startAt);
            const window = peerSlotJoinWindow(now, startAt, new Date(slot.endAt));
            const canJoin = slot.status === 'booked' && window === 'open';
            const canCancel = slot.callId === null && now < startAt;
            return (
              <li key={slot._id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                <span className="min-w-0">
                  <time dateTime={slot.startAt} className="font-semibold">
                    {dateTimeText(slot.startAt, timeZone)}
                  </time>
                  <span className="block text-base-content/80">
                    {slot.lengthMin} min, {modeText(slot.mode)} ·{' '}
                    {slot.partner ? `with ${slot.partner.name} (${slot.partner.level})` : 'waiting for someone to book it'}
                  </span>
                  {slot.status === 'booked' && window === 'too-early' ? (
                    <span id={`${idBase}-${slot._id}-opens`} className="block text-base-content/80">
                      Join opens at {dateTimeText(peerSlotJoinOpensAt(startAt).toISOString(), timeZone)}
                    </span>
                  ) : null}
                </span>
                <span className="flex flex-wrap gap-2">
                  {slot.status === 'booked' && callPath ? (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      aria-disabled={!canJoin || join.isPending || undefined}
                      aria-label={`Join the practice time on ${dateTimeText(slot.startAt, timeZone)}`}
                      aria-describedby={window === 'too-early' ? `${idBase}-${slot._id}-opens` : undefined}
                      onClick={() => {
                        if (canJoin && !join.isPending) join.mutate(slot._id, { onSuccess: (callId) => void navigate(callPath(callId)), onError: (error) => notify.failure(error) });
                      }}
                    >
                      Join
                    </button>
                  ) : null}
                  {canCancel ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      disabled={cancel.isPending}
                      aria-label={`Cancel the practice time on ${dateTimeText(slot.startAt, timeZone)}`}
                      aria-haspopup="dialog"
                      onClick={() => setCancelling(slot)}
                    >
                      Cancel
                    </button>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <CancelSlotDialog slot={cancelling} timeZone={timeZone} forKid={Boolean(owner.kidId)} cancelling={cancel.isPending} onConfirm={confirmCancel} onClose={() => setCancelling(null)} />
      {callPath ? <p className="text-xs text-base-content/80">Join works from {PEER_SLOT_JOIN_OPENS_BEFORE_MIN} minutes before the start. The call costs your minutes as usual.</p> : null}
    </div>
  );
}

function OpenSlots({ slots, timeZone, owner, onBooked, disabled }: { slots: PeerOpenSlot[]; timeZone: string; owner: SlotOwner; onBooked: () => void; disabled: boolean }) {
  const book = useBookPeerSlot(owner);
  const once = useSingleFlight();
  const bookSlot = (slotId: string, event: MouseEvent<HTMLButtonElement>) => {
    const hadFocus = event.currentTarget === document.activeElement;
    once((done) =>
      book.mutate(slotId, {
        onSuccess: () => {
          notify.success(peerSlotTexts.booked);
          if (hadFocus) onBooked();
        },
        onError: (error) => notify.failure(error),
        onSettled: done,
      }),
    );
  };
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Times you can book</h3>
      {slots.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-3 text-sm">
          {owner.kidId ? 'No open times from kids of this age and level right now. Publish one.' : 'No open times from peers near your level right now. Publish your own.'}
        </p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {slots.map((slot) => (
            <li key={slot._id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <span className="min-w-0">
                <time dateTime={slot.startAt} className="font-semibold">
                  {dateTimeText(slot.startAt, timeZone)}
                </time>
                <span className="block text-base-content/80 wrap-break-word">
                  {slot.lengthMin} min, {modeText(slot.mode)} · {slot.host.name} ({slot.host.level}, speaks {slot.host.firstLanguage})
                </span>
              </span>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={disabled}
                aria-disabled={book.isPending || undefined}
                aria-label={`Book ${slot.host.name}’s time on ${dateTimeText(slot.startAt, timeZone)}`}
                onClick={(event) => bookSlot(slot._id, event)}
              >
                Book
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An instant as a date and a minute of the day in the zone. */
function wallTimeOf(instant: Date, timeZone: string): { date: string; minute: number } {
  const date = isoDateInZone(instant, timeZone);
  const midnight = zonedWallTimeToInstant(date, 0, timeZone).getTime();
  return { date, minute: Math.round((instant.getTime() - midnight) / 60_000) };
}

/** The first and the last publishable start (peerSlotPublishableStarts) as dates and minutes of the day in the zone. */
function publishableRange(now: Date, timeZone: string) {
  const { first, last } = peerSlotPublishableStarts(now);
  return { first: wallTimeOf(first, timeZone), last: wallTimeOf(last, timeZone) };
}

function PublishSlotForm({ timeZone, owner, onPublished, disabled }: { timeZone: string; owner: SlotOwner; onPublished: () => void; disabled: boolean }) {
  const id = useId();
  const publishButton = useRef<HTMLButtonElement>(null);
  const publish = usePublishPeerSlot(owner);
  const [initial] = useState(() => publishableRange(new Date(), timeZone).first);
  const [date, setDate] = useState(initial.date);
  const [minute, setMinute] = useState(initial.minute);
  const [lengthMin, setLengthMin] = useState<PeerSlotLengthMin>(30);
  // Kids talk audio only unless the parent chooses video.
  const [mode, setMode] = useState<PeerCallMode>(owner.kidId ? 'audio' : 'video');
  const today = isoDateInZone(new Date(), timeZone);
  // Only starts the server takes are offered: on the first day, those from the first publishable
  // quarter hour; on the last day, those up to the last one within the days ahead.
  const { first, last } = publishableRange(new Date(), timeZone);
  const starts = date < first.date || date > last.date ? [] : QUARTER_HOURS.filter((m) => (date > first.date || m >= first.minute) && (date < last.date || m <= last.minute));
  const start = starts.includes(minute) ? minute : starts[0];

  const once = useSingleFlight();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (start === undefined) return;
    const startAt = zonedWallTimeToInstant(date, start, timeZone).toISOString();
    // Enter in a field keeps focus there; a press on Publish moves it on to the new time once published.
    const hadFocus = publishButton.current === document.activeElement;
    once((done) =>
      publish.mutate(
        { startAt, lengthMin, mode },
        {
          onSuccess: () => {
            notify.success(peerSlotTexts.published);
            if (hadFocus) onPublished();
          },
          onError: (error) => notify.failure(error),
          onSettled: done,
        },
      ),
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-semibold">
        Publish a time
      </h3>
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Day
          <input type="date" className="input input-sm w-full" min={today} max={last.date} value={date} required onChange={(e) => setDate(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Start
          <select
            className="select select-sm w-full"
            value={start ?? ''}
            disabled={start === undefined}
            aria-describedby={start === undefined ? `${id}-no-start` : undefined}
            onChange={(e) => setMinute(Number(e.target.value))}
          >
            {starts.map((m) => (
              <option key={m} value={m}>
                {formatHourMinute12(m)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Length
          <select className="select select-sm w-full" value={lengthMin} onChange={(e) => setLengthMin(Number(e.target.value) as PeerSlotLengthMin)}>
            {PEER_SLOT_LENGTHS_MIN.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Call
          <select className="select select-sm w-full" value={mode} onChange={(e) => setMode(e.target.value as PeerCallMode)}>
            <option value="video">Video</option>
            <option value="audio">Audio only</option>
          </select>
        </label>
      </div>
      {start === undefined ? (
        <p id={`${id}-no-start`} className="text-sm text-error">
          {date > last.date ? peerSlotTexts.tooFar : 'No start time is left on this day. Pick a later day.'}
        </p>
      ) : null}
      <p className="text-xs text-base-content/80">Times are in {timeZone}. Publish at least an hour ahead.</p>
      <button ref={publishButton} type="submit" className="btn btn-primary btn-sm" disabled={disabled || !date || start === undefined} aria-disabled={publish.isPending || undefined}>
        Publish
      </button>
    </form>
  );
}
