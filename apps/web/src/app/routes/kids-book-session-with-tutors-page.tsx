import { KidsBookSessionPage } from '../../features/booking/components/kids-book-session-page';
import { TutorDirectory } from '../../features/tutors/components/tutor-directory';

/** /kids/book-a-session: the active kid books, picking from the tutors feature's directory. */
export function KidsBookSessionWithTutorsPage() {
  return <KidsBookSessionPage TutorPicker={TutorDirectory} />;
}
