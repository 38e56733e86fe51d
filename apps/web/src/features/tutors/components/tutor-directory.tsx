import { useState } from 'react';
import { useTeachers } from '../api/get-teachers';
import type { BookButtonComponent } from '../lib/book-button';
import type { TutorViewer } from '../lib/tutor-viewer';
import { TutorCard } from './tutor-card';
import { TutorDrawer } from './tutor-drawer';
import { RetryAlert } from '../../../shared/ui/retry-alert';

type Props = { viewer: TutorViewer; BookButton: BookButtonComponent };

/** The subject's tutors ranked by mentor score (spec §9), each opening the Explore Tutors drawer. */
export function TutorDirectory({ viewer, BookButton }: Props) {
  const teachers = useTeachers(viewer);
  const [openId, setOpenId] = useState<string | null>(null);
  if (teachers.isPending) {
    return (
      <div role="status" aria-label="Loading tutors" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skeleton h-44" />
        ))}
      </div>
    );
  }
  if (teachers.isError) {
    return (
      <RetryAlert message={teachers.error.message} onRetry={() => teachers.refetch()} retrying={teachers.isFetching} />
    );
  }
  if (teachers.data.length === 0) {
    return (
      <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-4 py-10 text-center text-sm text-base-content/70">
        No {viewer.subject} tutors are taking bookings right now.
      </p>
    );
  }
  const open = teachers.data.find((t) => t._id === openId) ?? null;
  return (
    <>
      <ul aria-label="Tutors" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {teachers.data.map((teacher) => (
          <li key={teacher._id} className="grid">
            <TutorCard teacher={teacher} onOpen={() => setOpenId(teacher._id)} />
          </li>
        ))}
      </ul>
      <TutorDrawer viewer={viewer} teacher={open} onClose={() => setOpenId(null)} BookButton={BookButton} />
    </>
  );
}
