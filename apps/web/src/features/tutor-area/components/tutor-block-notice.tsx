import { useId } from 'react';
import type { Availability } from '../api/get-availability';

/** Said at the top of the tutor's dashboard and availability while a moderator has them blocked. */
export function TutorBlockNotice({ block }: { block: Availability['block'] | undefined }) {
  const titleId = useId();
  if (!block) return null;
  return (
    <section aria-labelledby={titleId} data-testid="tutor-block-notice" className="alert alert-error alert-soft items-start">
      <div className="space-y-1">
        <h2 id={titleId} className="font-semibold">
          Your account is blocked by a moderator
        </h2>
        <p className="text-sm">Learners cannot book you until a moderator unblocks you.</p>
        {block.reason ? <p className="text-sm">Reason: {block.reason}</p> : null}
      </div>
    </section>
  );
}
