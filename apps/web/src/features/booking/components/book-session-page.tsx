import { BookingScreen, type TutorPicker } from './booking-screen';

/** /learner/book-a-session and /ielts/book-a-session (curriculum sessions are booked from features/curriculum). */
export function BookSessionPage({ subject, TutorPicker }: { subject: 'English' | 'IELTS'; TutorPicker: TutorPicker }) {
  return <BookingScreen subject={subject} forKids={false} title={subject === 'IELTS' ? 'Book an IELTS session' : 'Book a session'} TutorPicker={TutorPicker} />;
}
