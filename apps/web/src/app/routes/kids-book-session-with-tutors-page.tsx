import { useEffect, useRef } from 'react';
import { KidsBookSessionPage } from '../../features/booking/components/kids-book-session-page';
import { useActiveKid } from '../../features/kids/lib/active-kid';
import { TutorDirectory } from '../../features/tutors/components/tutor-directory';
import { notify } from '../../shared/lib/toast';

/**
 * /kids/book-a-session: the active kid books, picking from the tutors feature's directory. A kid
 * switched in another tab starts the page again for that kid (an open confirmation would book as
 * the kid the browser now holds), and says so.
 */
export function KidsBookSessionWithTutorsPage() {
  const kid = useActiveKid();
  const shown = useRef(kid?._id);
  useEffect(() => {
    if (kid && shown.current && shown.current !== kid._id) notify.info(`The active kid is now ${kid.name}: this page now books for ${kid.name}.`);
    shown.current = kid?._id;
  }, [kid]);
  return <KidsBookSessionPage key={kid?._id ?? 'none'} TutorPicker={TutorDirectory} />;
}
