import { CurriculumSessionPanel } from '../../features/curriculum/components/curriculum-session-panel';
import { TutorSessionsPage } from '../../features/tutor-area/components/tutor-sessions-page';

/** /teacher/sessions: a curriculum session shows its topic, and after it starts the tutor marks it there. */
export function TutorSessionsWithCurriculumPage() {
  return <TutorSessionsPage sessionExtra={(session) => (session.subject === 'Curriculum' ? <CurriculumSessionPanel sessionId={session._id} as="teacher" /> : null)} />;
}
