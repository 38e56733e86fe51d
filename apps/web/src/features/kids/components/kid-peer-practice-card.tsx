import { Link } from 'react-router';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { KID_PEER_PRACTICE_PATH, useKidPeerPractice } from '../api/get-kid-peer-practice';

/**
 * On the kids dashboard, for a kid whose parent switched peer practice on: their next practice
 * time and the way to the page where they join it. Nothing for anyone else (nor while it loads).
 */
export function KidPeerPracticeCard({ kidId, timeZone }: { kidId: string; timeZone: string }) {
  const { data } = useKidPeerPractice(kidId);
  if (!data?.consent) return null;
  const { next } = data;
  return (
    <section aria-labelledby="kid-peer-practice-title" className="card border border-base-300 bg-base-100">
      <div className="card-body flex-row flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="kid-peer-practice-title" className="card-title text-lg">
            Practise with a friend
          </h2>
          {next ? (
            <p className="mt-1 text-sm" data-testid="kid-next-practice">
              Next practice:{' '}
              <time dateTime={next.startAt} className="font-semibold">
                {formatInstant(next.startAt, timeZone, 'EEE, d MMM, h:mm a')}
              </time>
              , {next.lengthMin} minutes{next.partner ? ` with ${next.partner.name}` : ''}
            </p>
          ) : (
            <p className="mt-1 text-sm text-base-content/70">Nothing planned yet. Ask your parent to plan a practice time.</p>
          )}
        </div>
        <Link to={KID_PEER_PRACTICE_PATH} className="btn btn-primary btn-sm">
          Open practice times
        </Link>
      </div>
    </section>
  );
}
