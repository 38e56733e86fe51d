import type { PeerOverview } from '@parley/domain/peer';
import { peerTexts } from '@parley/domain/peer';
import { dateTimeText } from '../lib/peer-time';

/** A suspension (no calls until a moderator lifts it) and the latest moderator warning. */
export function PeerNotices({ overview, timeZone }: { overview: PeerOverview; timeZone: string }) {
  const { suspension, warning } = overview;
  if (!suspension && !warning) return null;
  return (
    <div className="space-y-3">
      {suspension ? (
        <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-1 text-base-content">
          <h2 className="font-semibold">Peer practice is suspended</h2>
          <p>{peerTexts.suspended(suspension.reason)}</p>
          <p className="text-sm">Since {dateTimeText(suspension.at, timeZone)}. A moderator can lift it; until then you can’t start calls.</p>
        </div>
      ) : null}
      {warning ? (
        <div role="status" className="alert alert-warning alert-soft flex flex-col items-start gap-1 text-base-content">
          <h2 className="font-semibold">A moderator warned you</h2>
          <p>{warning.reason}</p>
          <p className="text-sm">On {dateTimeText(warning.at, timeZone)}. Another report could suspend your peer practice.</p>
        </div>
      ) : null}
    </div>
  );
}
