import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { peerSlotJoinOpensAt, peerSlotJoinWindow } from '@parley/domain/peer-slots';
import { useOwnTimeZone } from '../../../shared/lib/account-time-zone';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useJoinKidSlot, useKidOwnSlots } from '../api/get-kid-own-slots';
import { peerPaths } from '../lib/peer-paths';
import { dateTimeText, usePeerSlotClock } from '../lib/peer-time';
import { getItem } from '../../../shared/lib/storage';

/**
 * /kids/peer-practice, in the kid's own session: the practice times a parent arranged, each with
 * Join from 5 minutes before the start. The call is the peer call page, with its report button.
 */
export function KidPeerPracticePage() {
  const slots = useKidOwnSlots();
  const join = useJoinKidSlot();
  const navigate = useNavigate();
  const now = usePeerSlotClock(slots.data?.mine);
  const idBase = useId();
  // The kid's own timezone, as on the kids dashboard.
  const timeZone = useOwnTimeZone(getItem('KID'));
  return (
    <div className="space-y-6">
      <PageHeader title="Practise with a friend" subtitle="Talk in English with another kid, at the times your parent arranged." />
      {slots.isPending ? (
        <div role="status" className="skeleton h-24 w-full">
          <span className="sr-only">Loading your practice times</span>
        </div>
      ) : slots.isError ? (
        <RetryAlert message={errorMessage(slots.error)} onRetry={() => void slots.refetch()} retrying={slots.isFetching} className="text-base-content" />
      ) : slots.data.mine.length === 0 ? (
        <EmptyState title="Nothing planned yet" icon="puzzle">
          Ask your parent to plan a practice time for you.
          <Link className="link link-primary mt-3 block" to={`/kid-peer/dashboard?kid=${encodeURIComponent(getItem('KID')?._id ?? '')}`}>
            Plan practice times (for parents)
          </Link>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {slots.data.mine.map((slot) => {
            const startAt = new Date(slot.startAt);
            const window = peerSlotJoinWindow(now, startAt, new Date(slot.endAt));
            return (
              <li key={slot._id} className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4">
                <span className="min-w-0">
                  <time dateTime={slot.startAt} className="font-semibold">
                    {dateTimeText(slot.startAt, timeZone)}
                  </time>
                  <span className="block text-sm text-base-content/80">
                    {slot.lengthMin} minutes, {slot.mode === 'audio' ? 'talking only' : 'with video'} · {slot.partner ? `with ${slot.partner.name}` : 'nobody has joined this time yet'}
                  </span>
                  {slot.partner && window === 'too-early' ? (
                    <span id={`${idBase}-${slot._id}-opens`} className="block text-sm text-base-content/80">
                      You can join at {dateTimeText(peerSlotJoinOpensAt(startAt).toISOString(), timeZone)}
                    </span>
                  ) : null}
                </span>
                {slot.partner ? (
                  <button
                    type="button"
                    className="btn btn-primary"
                    aria-disabled={window !== 'open' || join.isPending || undefined}
                    aria-label={`Join the practice time on ${dateTimeText(slot.startAt, timeZone)}`}
                    aria-describedby={window === 'too-early' ? `${idBase}-${slot._id}-opens` : undefined}
                    onClick={() => {
                      if (window === 'open' && !join.isPending) join.mutate(slot._id, { onSuccess: (callId) => void navigate(peerPaths.kidCall(callId)), onError: (error) => notify.failure(error) });
                    }}
                  >
                    Join
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
