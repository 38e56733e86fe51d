import type { ComponentType } from 'react';
import type { BookingSubject } from '@parley/domain/booking';
import { showsFavourite } from '@parley/domain/limits';
import { useOwnTimeZone } from '../../../shared/lib/account-time-zone';
import { errorMessage } from '../../../shared/lib/http';
import { PageHeader } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { sessionsPathFor } from '../lib/booker';
import { useBooker } from '../lib/use-booker';
import { BookSessionButton } from './book-session-button';
import { BookingStandingCard } from './booking-standing-card';

/** The viewer the tutor panel needs (the tutors feature's TutorViewer, by shape). */
export type TutorPickerViewer = {
  as: 'learner' | 'kid';
  id: string;
  timeZone: string;
  subject: BookingSubject;
  forKids: boolean;
  showsFavourite: boolean;
};

/** The tutor list with its drawer, supplied by the route module (the tutors feature's TutorDirectory). */
export type TutorPicker = ComponentType<{ viewer: TutorPickerViewer; BookButton: typeof BookSessionButton }>;

export type BookingScreenProps = { subject: BookingSubject; forKids: boolean; title: string; subtitle?: string; TutorPicker: TutorPicker };

/** The booking page body: the booker's standing (demo, plan, sessions left) and the tutor picker. */
export function BookingScreen({ subject, forKids, title, subtitle, TutorPicker }: BookingScreenProps) {
  const booker = useBooker(subject, forKids);
  const record = booker.record;
  const timeZone = useOwnTimeZone(record);
  const viewer: TutorPickerViewer | null =
    record && booker.learnerId
      ? {
          as: booker.as,
          id: booker.learnerId,
          timeZone,
          subject,
          forKids,
          showsFavourite: showsFavourite({ isNewCurriculum: 'isNewCurriculum' in record && record.isNewCurriculum }),
        }
      : null;
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle ?? `Pick a tutor, a date and a free slot. Times are in ${timeZone}.`} />
      {booker.failure ? (
        <RetryAlert
          className="mb-4"
          message={`${booker.failure.what} could not be loaded: ${errorMessage(booker.failure.error)}`}
          onRetry={booker.failure.retry}
          retrying={booker.failure.retrying}
        />
      ) : null}
      {record && booker.kidSessionsAvailable !== null ? (
        <BookingStandingCard
          record={record}
          subject={subject}
          isKid={forKids}
          kidSessionsAvailable={booker.kidSessionsAvailable}
          sessionsPath={sessionsPathFor(subject, forKids)}
        />
      ) : null}
      {viewer ? <TutorPicker viewer={viewer} BookButton={BookSessionButton} /> : booker.failure ? null : <div role="status" aria-label="Loading" className="skeleton h-44" />}
    </div>
  );
}
