import type { ComponentType } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import type { BookingSubject } from '@parley/domain/booking';
import { kidSubjects, type KidSummary } from '@parley/domain/kids';
import { showsFavourite } from '@parley/domain/limits';
import type { UserRecord } from '@parley/domain/user';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { getItem } from '../../../shared/lib/storage';
import { PageHeader, PlaceholderPage } from '../../../shared/ui/empty-state';
import { sessionsPathFor } from '../lib/booker';
import { useBooker } from '../lib/use-booker';
import { BookSessionButton } from './book-session-button';
import { BookingStandingCard } from './booking-standing-card';
import { SessionList } from './session-list';

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

type LearnerSubject = 'English' | 'IELTS' | 'Curriculum';

/** /learner/book-a-session, /ielts/book-a-session (and /curriculumNew/bookSessionV2, not built yet). */
export function BookSessionPage(props: { subject: 'Curriculum' } | { subject: 'English' | 'IELTS'; TutorPicker: TutorPicker }) {
  if (props.subject === 'Curriculum') {
    return (
      <PlaceholderPage
        title="Book a session"
        subtitle="Curriculum sessions follow your course topics."
        emptyTitle="Curriculum booking will appear here"
        icon="calendar"
      />
    );
  }
  const { subject, TutorPicker } = props;
  return <BookingScreen subject={subject} forKids={false} title={subject === 'IELTS' ? 'Book an IELTS session' : 'Book a session'} TutorPicker={TutorPicker} />;
}

/** /kids/book-a-session?subject=english|financial-education: the active kid books (x-parley-as: kid). */
export function KidsBookSessionPage({ TutorPicker }: { TutorPicker: TutorPicker }) {
  const [params] = useSearchParams();
  const info = kidSubjects.find((s) => s.slug === (params.get('subject') ?? 'english'));
  if (!info) return <Navigate to="/kids/dashboard" replace />;
  const kidName = getItem('KID')?.name;
  return (
    <BookingScreen
      subject={info.subject}
      forKids
      title={kidName ? `Book a class for ${kidName}` : 'Book a class'}
      subtitle={`${info.label} · pick a tutor, a date and a free slot.`}
      TutorPicker={TutorPicker}
    />
  );
}

type BookingScreenProps = { subject: BookingSubject; forKids: boolean; title: string; subtitle?: string; TutorPicker: TutorPicker };

function BookingScreen({ subject, forKids, title, subtitle, TutorPicker }: BookingScreenProps) {
  const booker = useBooker(subject, forKids);
  const record = booker.record;
  const timeZone = viewerTimeZone(record);
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
      {record && booker.kidSessionsAvailable !== null ? (
        <BookingStandingCard
          record={record}
          subject={subject}
          isKid={forKids}
          kidSessionsAvailable={booker.kidSessionsAvailable}
          sessionsPath={sessionsPathFor(subject, forKids)}
        />
      ) : null}
      {viewer ? <TutorPicker viewer={viewer} BookButton={BookSessionButton} /> : <div role="status" aria-label="Loading" className="skeleton h-44" />}
    </div>
  );
}

/** /learner/session, /ielts/session (and /curriculumNew/session, every subject). */
export function SessionsPage({ subject }: { subject: LearnerSubject }) {
  const booker = useBooker(subject === 'Curriculum' ? 'English' : subject, false);
  const title = subject === 'IELTS' ? 'IELTS sessions' : 'My sessions';
  const bookPath = subject === 'IELTS' ? '/ielts/book-a-session' : subject === 'English' ? '/learner/book-a-session' : null;
  return (
    <div>
      <PageHeader title={title} subtitle={`Your sessions with tutors. Times are in ${viewerTimeZone(booker.record)}.`} />
      {booker.learnerId ? (
        <SessionList
          as="learner"
          ownerId={booker.learnerId}
          subject={subject === 'Curriculum' ? undefined : subject}
          timeZone={viewerTimeZone(booker.record)}
          bookPath={bookPath}
        />
      ) : null}
    </div>
  );
}

/** /kids/{subject}/session: the active kid's classes in the subject. */
export function KidsSessionsPage() {
  const { subject: slug } = useParams();
  const info = kidSubjects.find((s) => s.slug === slug);
  const booker = useBooker(info?.subject ?? 'English', true);
  if (!info) return <Navigate to="/kids/dashboard" replace />;
  const kidName = getItem('KID')?.name;
  return (
    <div>
      <PageHeader
        title={`${info.label} classes`}
        subtitle={`${kidName ? `${kidName}'s` : 'Your'} classes. Times are in ${viewerTimeZone(booker.record)}.`}
      />
      {booker.learnerId ? (
        <SessionList
          as="kid"
          ownerId={booker.learnerId}
          subject={info.subject}
          timeZone={viewerTimeZone(booker.record)}
          bookPath={`/kids/book-a-session?subject=${info.slug}`}
        />
      ) : null}
    </div>
  );
}

/** Times show in the booker's own timezone: their record's, else the parent's, else the browser's. */
function viewerTimeZone(record: UserRecord | KidSummary | null): string {
  if (record && 'timezone' in record && record.timezone) return record.timezone;
  return getItem('USER')?.timezone ?? browserTimeZone();
}
