import { BookSessionButton } from '../../features/booking/components/book-session-button';
import { TutorsPage } from '../../features/tutors/components/tutors-page';

/** /learner/teachers and /ielts/teachers: the tutor list, each slot bookable. */
export function TutorsWithBookingPage({ subject }: { subject: 'English' | 'IELTS' }) {
  return <TutorsPage subject={subject} BookButton={BookSessionButton} />;
}
