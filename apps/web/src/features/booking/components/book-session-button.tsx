import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { BookingResponse, BookingSubject } from '@parley/domain/booking';
import { messages } from '@parley/domain/messages';
import { noSessionsLeftText, pathAfterBooking } from '@parley/domain/sessions';
import type { UserRecord } from '@parley/domain/user';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { answerLost, isApiError } from '../../../shared/lib/http';
import { setItem } from '../../../shared/lib/storage';
import { notify } from '../../../shared/lib/toast';
import { useCreateSession } from '../api/create-session';
import { findBookedSession } from '../api/find-booked-session';
import { sessionsKey } from '../api/get-sessions';
import { bookingSpendsText, bookingStanding, buySessionsPathFor, subscribePathFor, type PickedSlot } from '../lib/booker';
import { useBooker } from '../lib/use-booker';
import { BookingOverlay } from '../../../shared/ui/booking-overlay';
import { BuySessionsDialog } from './buy-sessions-dialog';
import { ConfirmBookingDialog } from './confirm-booking-dialog';
import { NotSubscribedDialog } from './not-subscribed-dialog';

type Props = {
  choice: PickedSlot | null;
  subject: BookingSubject;
  forKids: boolean;
  timeZone: string;
  onScheduleChange: () => void;
};

type Step = 'idle' | 'not-subscribed' | 'buy-sessions' | 'confirm';

/**
 * Booking flow: Book → (Not subscribed! / buy sessions prompt) → confirmation dialog →
 * booking-in-progress overlay → 'Slot Booked' and the dashboard (kids stay), or the failure
 * toast and back to the panel.
 */
export function BookSessionButton({ choice, subject, forKids, timeZone, onScheduleChange }: Props) {
  const [step, setStep] = useState<Step>('idle');
  // Whether the page is still the one the booking was made from: a learner who went elsewhere meanwhile (Back) stays there.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const booker = useBooker(subject, forKids);
  const book = useCreateSession(booker.as);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const standing =
    booker.record && booker.kidSessionsAvailable !== null
      ? bookingStanding({ record: booker.record, subject, isKid: forKids, kidSessionsAvailable: booker.kidSessionsAvailable, now: new Date() })
      : null;
  const isDemo = standing?.type === 'Demo';

  // The time went while its confirmation was open (booked by someone else): the confirmation goes
  // with it, and the step with it, or picking another time would open it at once.
  if (step === 'confirm' && !choice) setStep('idle');

  const unavailable = !choice || !standing || book.isPending;
  // Pressed before a time is picked it does nothing: it says why, to sight and to screen readers.
  const pickFirstId = useId();

  const onBook = () => {
    if (unavailable) return;
    if (standing.access === 'NOT_SUBSCRIBED') {
      // IELTS without a subscription or a paid demo sees 'Not subscribed'.
      if (subject === 'IELTS') notify.error(messages.notSubscribedShort);
      setStep('not-subscribed');
    } else if (standing.access === 'NO_SESSIONS_LEFT') {
      // The page's standing card says the same, with the plans to buy more.
      if (standing.subscription) notify.error(noSessionsLeftText(standing.subscription));
    } else if (standing.access === 'BUY_SESSIONS') {
      setStep('buy-sessions');
    } else {
      setStep('confirm');
    }
  };

  // Awaited rather than given callbacks: mutate's callbacks are dropped when this button unmounts.
  // The tutor panel stays open while a booking runs (useBookingInFlight), but the page may still go
  // (Back): the learner still hears how it went, and stays where they went.
  const onConfirm = async () => {
    if (!choice || !booker.learnerId || !standing) return;
    setStep('idle');
    const picked = choice;
    const learnerId = booker.learnerId;
    let session: Pick<BookingResponse, 'type'>;
    try {
      session = await book.mutateAsync({
        startTime: picked.slot.start,
        endTime: picked.slot.end,
        startAt: picked.slot.startAt,
        date: picked.date,
        duration: picked.durationMin,
        subject,
        type: standing.type,
        learnerId,
        teacherId: picked.teacher._id,
        token: null,
        timezone: timeZone,
        forKids,
      });
    } catch (error) {
      // The answer was lost, not necessarily the booking: one stored all the same is a booking made.
      const stored = answerLost(error)
        ? await findBookedSession({ as: booker.as, ownerId: learnerId, teacherId: picked.teacher._id, startAt: picked.slot.startAt }).catch(() => null)
        : null;
      if (!stored) {
        notify.error(`${messages.bookingFailed} ${error instanceof Error ? error.message : String(error)}`);
        const code = isApiError(error) ? error.code : null;
        if (code === 'NOT_SUBSCRIBED') void navigate(subscribePathFor(subject));
        else if (code === 'BUY_SESSIONS') void navigate(buySessionsPathFor(subject));
        else if (code === 'SLOT_TAKEN' || code === 'SLOT_UNAVAILABLE') onScheduleChange();
        return;
      }
      session = stored;
    }
    notify.success(`${messages.slotBooked}: ${formatCalendarDate(picked.date)}, ${picked.slot.timeView}`);
    refreshAfterBooking(session);
    onScheduleChange();
    const next = pathAfterBooking({ subject, forKids });
    if (next && mounted.current) void navigate(next);
  };

  /** The sessions list reloads; after a demo the subject joins demoSessionBooked locally, then the record is refetched. */
  const refreshAfterBooking = (session: Pick<BookingResponse, 'type'>) => {
    void queryClient.invalidateQueries({ queryKey: sessionsKey });
    if (forKids) {
      void queryClient.invalidateQueries({ queryKey: ['kid', booker.learnerId] });
      return;
    }
    const meKey = meQueryOptions('learner').queryKey;
    if (session.type === 'Demo') {
      const user = queryClient.getQueryData<UserRecord>(meKey);
      if (user) {
        const updated = { ...user, demoSessionBooked: [...user.demoSessionBooked, { subjects: [subject] }] };
        queryClient.setQueryData(meKey, updated);
        setItem('USER', updated);
      }
    }
    void queryClient.invalidateQueries({ queryKey: meKey });
  };

  const label = isDemo ? (book.isPending ? 'Booking...' : 'Book a demo session') : 'Book a session';
  return (
    <>
      {/* aria-disabled, not disabled: focus returns here from the confirmation and must stay while the booking runs and the slot clears. */}
      <button type="button" className="btn btn-primary btn-block" aria-disabled={unavailable} aria-describedby={choice ? undefined : pickFirstId} onClick={onBook}>
        {label}
      </button>
      {choice ? null : (
        <p id={pickFirstId} className="text-center text-xs text-base-content/80">
          Pick a free time first.
        </p>
      )}
      <NotSubscribedDialog open={step === 'not-subscribed'} subject={subject} onClose={() => setStep('idle')} />
      <BuySessionsDialog open={step === 'buy-sessions'} subject={subject} onClose={() => setStep('idle')} />
      {choice ? (
        <ConfirmBookingDialog
          open={step === 'confirm'}
          choice={choice}
          subject={subject}
          type={standing?.type ?? 'Regular'}
          spends={standing ? bookingSpendsText(standing, forKids ? booker.kidSessionsAvailable : null) : undefined}
          timeZone={timeZone}
          onCancel={() => setStep('idle')}
          onConfirm={() => void onConfirm()}
        />
      ) : null}
      {book.isPending ? <BookingOverlay /> : null}
    </>
  );
}
