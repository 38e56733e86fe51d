import { useOwnTimeZone } from '../../../shared/lib/account-time-zone';
import { PageHeader } from '../../../shared/ui/empty-state';
import { useBooker } from '../lib/use-booker';
import { SessionList, type SessionExtra } from './session-list';

type LearnerSubject = 'English' | 'IELTS' | 'Curriculum';

/** /learner/session, /ielts/session (and /curriculumNew/session, every subject). */
export function SessionsPage({ subject, sessionExtra }: { subject: LearnerSubject; sessionExtra?: SessionExtra }) {
  const booker = useBooker(subject === 'Curriculum' ? 'English' : subject, false);
  const timeZone = useOwnTimeZone(booker.record);
  const title = subject === 'IELTS' ? 'IELTS sessions' : 'My sessions';
  const bookPath = subject === 'IELTS' ? '/ielts/book-a-session' : subject === 'English' ? '/learner/book-a-session' : null;
  return (
    <div>
      <PageHeader title={title} subtitle={`Your sessions with tutors. Times are in ${timeZone}.`} />
      {booker.learnerId ? (
        <SessionList
          as="learner"
          ownerId={booker.learnerId}
          subject={subject === 'Curriculum' ? undefined : subject}
          timeZone={timeZone}
          bookPath={bookPath}
          sessionExtra={sessionExtra}
        />
      ) : null}
    </div>
  );
}
