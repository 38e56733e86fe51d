import { useEffect, useRef } from 'react';
import { peerLevelTexts, type PeerLevel } from '@parley/domain/peer';

/** What the placement gave, before the dashboard. */
export function PlacementResult({ level, onContinue }: { level: PeerLevel; onContinue: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: the result's heading takes it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="placement-result-heading" className="space-y-3 rounded-box border border-success/40 bg-base-100 p-4 sm:p-6">
      <h2 id="placement-result-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none focus-visible:outline-2">
        Your level: <span className="text-primary">{level}</span>
      </h2>
      <p>{peerLevelTexts[level]} We will match you with peers at this level or one next to it.</p>
      <p className="text-sm text-base-content/80">You can change your level at any time in your peer profile.</p>
      <button type="button" className="btn btn-primary" onClick={onContinue}>
        Go to my dashboard
      </button>
    </section>
  );
}
