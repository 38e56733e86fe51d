import { showsFavourite } from '@parley/domain/limits';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { PageHeader } from '../../../shared/ui/empty-state';
import type { BookButtonComponent } from '../lib/book-button';
import type { TutorViewer } from '../lib/tutor-viewer';
import { TutorDirectory } from './tutor-directory';

type Props = { subject: 'English' | 'IELTS'; BookButton: BookButtonComponent };

/** /learner/teachers, /ielts/teachers: Explore Tutors for the learner. */
export function TutorsPage({ subject, BookButton }: Props) {
  const { data: user } = useCurrentUser('learner');
  const viewer: TutorViewer | null = user
    ? {
        as: 'learner',
        id: user._id,
        timeZone: user.timezone || browserTimeZone(),
        subject,
        forKids: false,
        showsFavourite: showsFavourite({ isNewCurriculum: user.isNewCurriculum }),
      }
    : null;
  return (
    <div>
      <PageHeader
        title={subject === 'IELTS' ? 'IELTS tutors' : 'Explore tutors'}
        subtitle={`Ranked by mentor score. Open a tutor to read their bio and reviews and book a free slot${viewer ? ` (times in ${viewer.timeZone})` : ''}.`}
      />
      {viewer ? <TutorDirectory viewer={viewer} BookButton={BookButton} /> : <div role="status" aria-label="Loading" className="skeleton h-44" />}
    </div>
  );
}
