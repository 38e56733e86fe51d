import { PlaceholderPage } from '../../../shared/ui/empty-state';
import { BookingScreen, type TutorPicker } from './booking-screen';

/** /learner/book-a-session, /ielts/book-a-session (and /curriculumNew/bookSessionV2, not built yet). */
export function BookSessionPage(props: { subject: 'Curriculum' } | { subject: 'English' | 'IELTS'; TutorPicker: TutorPicker }) {
  if (props.subject === 'Curriculum') {
    return (
      <PlaceholderPage
        title="Book a session"
        subtitle="Curriculum sessions follow your course topics."
        icon="calendar"
      />
    );
  }
  const { subject, TutorPicker } = props;
  return <BookingScreen subject={subject} forKids={false} title={subject === 'IELTS' ? 'Book an IELTS session' : 'Book a session'} TutorPicker={TutorPicker} />;
}
