import { BookSessionButton } from '../../features/booking/components/book-session-button';
import { TutorsPage } from '../../features/tutors/components/tutors-page';
import { NotForCurriculumLearners } from './curriculum-learner-redirect';

/** /learner/teachers and /ielts/teachers: the tutor list, each slot bookable (the English one not for curriculum learners). */
export function TutorsWithBookingPage({ subject }: { subject: 'English' | 'IELTS' }) {
  const page = <TutorsPage subject={subject} BookButton={BookSessionButton} />;
  return subject === 'English' ? <NotForCurriculumLearners>{page}</NotForCurriculumLearners> : page;
}
