import { useState } from 'react';
import { useTutorList } from '../api/get-tutor-list';
import { useTutorListLive } from '../api/use-tutor-list-live';
import type { BookButtonComponent } from '../lib/book-button';
import type { TutorViewer } from '../lib/tutor-viewer';
import { TutorCard } from './tutor-card';
import { TutorDrawer } from './tutor-drawer';
import { RetryAlert } from '../../../shared/ui/retry-alert';

type Props = { viewer: TutorViewer; BookButton: BookButtonComponent };

/** The subject's tutors ranked by mentor score, each opening the Explore Tutors drawer; live to moderators' blocks. */
export function TutorDirectory({ viewer, BookButton }: Props) {
  const tutors = useTutorList(viewer);
  // A tutor a moderator blocks (or unblocks) meanwhile leaves (or rejoins) the list.
  useTutorListLive(viewer);
  const [openId, setOpenId] = useState<string | null>(null);
  if (tutors.isPending) {
    return (
      <div role="status" aria-label="Loading tutors" className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,18rem),1fr))] gap-4">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skeleton h-44" />
        ))}
      </div>
    );
  }
  if (tutors.isError) {
    return (
      <RetryAlert message={tutors.error.message} onRetry={() => tutors.refetch()} retrying={tutors.isFetching} />
    );
  }
  if (tutors.data.length === 0) {
    return (
      <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-4 py-10 text-center text-sm text-base-content/70">
        No {viewer.subject} tutors are taking bookings right now.
      </p>
    );
  }
  const open = tutors.data.find((t) => t._id === openId) ?? null;
  return (
    <>
      <ul aria-label="Tutors" className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,18rem),1fr))] gap-4">
        {tutors.data.map((tutor) => (
          <li key={tutor._id} className="grid">
            <TutorCard tutor={tutor} onOpen={() => setOpenId(tutor._id)} />
          </li>
        ))}
      </ul>
      <TutorDrawer viewer={viewer} tutor={open} onClose={() => setOpenId(null)} BookButton={BookButton} />
    </>
  );
}
