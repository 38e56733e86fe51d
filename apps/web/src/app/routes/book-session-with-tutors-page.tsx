import { BookSessionPage } from '../../features/booking/components/book-session-page';
import { TutorDirectory } from '../../features/tutors/components/tutor-directory';
import { NotForCurriculumLearners } from './curriculum-learner-redirect';

/** /learner/book-a-session and /ielts/book-a-session: booking, with the tutors feature's directory to pick from (the English one not for curriculum learners). */
export function BookSessionWithTutorsPage({ subject }: { subject: 'English' | 'IELTS' }) {
  const page = <BookSessionPage subject={subject} TutorPicker={TutorDirectory} />;
  return subject === 'English' ? <NotForCurriculumLearners>{page}</NotForCurriculumLearners> : page;
}
