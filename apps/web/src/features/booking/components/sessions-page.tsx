import { ownTimeZone } from '../../../shared/lib/account-time-zone';
import { PageHeader } from '../../../shared/ui/empty-state';
import { useBooker } from '../lib/use-booker';
import { SessionList, type SessionExtra } from './session-list';

type LearnerSubject = 'English' | 'IELTS' | 'Curriculum';

/** /learner/session, /ielts/session (and /curriculumNew/session, every subject). */
export function SessionsPage({ subject, sessionExtra }: { subject: LearnerSubject; sessionExtra?: SessionExtra }) {
  const booker = useBooker(subject === 'Curriculum' ? 'English' : subject, false);
  const title = subject === 'IELTS' ? 'IELTS sessions' : 'My sessions';
  const bookPath = subject === 'IELTS' ? '/ielts/book-a-session' : subject === 'English' ? '/learner/book-a-session' : null;
  return (
    <div>
      <PageHeader title={title} subtitle={`Your sessions with tutors. Times are in ${ownTimeZone(booker.record)}.`} />
      {booker.learnerId ? (
        <SessionList
          as="learner"
          ownerId={booker.learnerId}
          subject={subject === 'Curriculum' ? undefined : subject}
          timeZone={ownTimeZone(booker.record)}
          bookPath={bookPath}
          sessionExtra={sessionExtra}
        />
      ) : null}
    </div>
  );
}
