import { Navigate, useSearchParams } from 'react-router';
import { kidSubjectFromParam } from '@parley/domain/kids';
import { getItem } from '../../../shared/lib/storage';
import { BookingScreen, type TutorPicker } from './booking-screen';

/** /kids/book-a-session?subject=english|financial-education: the active kid books (x-parley-as: kid). */
export function KidsBookSessionPage({ TutorPicker }: { TutorPicker: TutorPicker }) {
  const [params] = useSearchParams();
  // Links say subject=English as often as subject=english.
  const info = kidSubjectFromParam(params.get('subject') ?? 'english');
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
