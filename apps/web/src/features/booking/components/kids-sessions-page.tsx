import { Navigate, useParams } from 'react-router';
import { kidSubjects } from '@parley/domain/kids';
import { useOwnTimeZone } from '../../../shared/lib/account-time-zone';
import { getItem } from '../../../shared/lib/storage';
import { PageHeader } from '../../../shared/ui/empty-state';
import { useBooker } from '../lib/use-booker';
import { SessionList } from './session-list';

/** /kids/{subject}/session: the active kid's classes in the subject. */
export function KidsSessionsPage() {
  const { subject: slug } = useParams();
  const info = kidSubjects.find((s) => s.slug === slug);
  const booker = useBooker(info?.subject ?? 'English', true);
  const timeZone = useOwnTimeZone(booker.record);
  if (!info) return <Navigate to="/kids/dashboard" replace />;
  const kidName = getItem('KID')?.name;
  return (
    <div>
      <PageHeader
        title={`${info.label} classes`}
        subtitle={`${kidName ? `${kidName}'s` : 'Your'} classes. Times are in ${timeZone}.`}
      />
      {booker.learnerId ? (
        <SessionList
          as="kid"
          ownerId={booker.learnerId}
          subject={info.subject}
          timeZone={timeZone}
          bookPath={`/kids/book-a-session?subject=${info.slug}`}
        />
      ) : null}
    </div>
  );
}
