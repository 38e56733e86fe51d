import { BookSessionPage } from '../../features/booking/components/book-session-page';
import { TutorDirectory } from '../../features/tutors/components/tutor-directory';

/** /learner/book-a-session and /ielts/book-a-session: booking, with the tutors feature's directory to pick from. */
export function BookSessionWithTutorsPage({ subject }: { subject: 'English' | 'IELTS' }) {
  return <BookSessionPage subject={subject} TutorPicker={TutorDirectory} />;
}
