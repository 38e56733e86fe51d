import { SessionsPage } from '../../features/booking/components/sessions-page';
import { CurriculumSessionPanel } from '../../features/curriculum/components/curriculum-session-panel';

/** /curriculumNew/session: the learner's sessions; a curriculum session shows its topic (name, level) and the tutor's mark once given. */
export function CurriculumSessionsPage() {
  return <SessionsPage subject="Curriculum" sessionExtra={(session) => (session.subject === 'Curriculum' ? <CurriculumSessionPanel sessionId={session._id} as="learner" /> : null)} />;
}
