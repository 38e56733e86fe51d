import { useState } from 'react';
import { notify } from '../../../shared/lib/toast';
import { Badge } from '../../../shared/ui/badge';
import { useDecidePeerReport, type PeerReportDecision } from '../api/decide-peer-report';
import { PEER_REPORTS_PAGE_SIZE, usePeerReports, type PeerReport } from '../api/get-peer-reports';
import { useUnsuspendPeer } from '../api/unsuspend-peer';
import { ModerationSection, PersonCell, TimeCell } from './moderation-section';
import { ReasonDialog } from './reason-dialog';

const TITLE = 'Peer reports';
const HEADING_ID = 'peer-reports';

type Action = PeerReportDecision | 'unsuspend';
type Target = { report: PeerReport; action: Action };

/** A call's length as the peers see it: "14 min", "12 min 5 s", "45 s". */
function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

const actionText: Record<Action, { button: string; title: string; confirm: string; busy: string; label: string; done: (name: string) => string; intro: string }> = {
  warn: {
    button: 'Warn',
    title: 'Warn peer',
    confirm: 'Send warning',
    busy: 'Sending…',
    label: 'What should the peer know?',
    done: (name) => `${name} is warned.`,
    intro: 'sees this warning on their peer dashboard. They can keep practising.',
  },
  suspend: {
    button: 'Suspend',
    title: 'Suspend peer',
    confirm: 'Suspend',
    busy: 'Suspending…',
    label: 'Why is the peer suspended?',
    done: (name) => `${name} is suspended from peer practice.`,
    intro: 'can’t start peer calls until a moderator lifts the suspension, and a call under way ends. They read your reason.',
  },
  dismiss: {
    button: 'Dismiss',
    title: 'Dismiss report',
    confirm: 'Dismiss report',
    busy: 'Dismissing…',
    label: 'Why is nothing done?',
    done: () => 'The report is dismissed.',
    intro: 'is not told about this report. Your reason stays with it for other moderators.',
  },
  unsuspend: {
    button: 'Unsuspend',
    title: 'Lift suspension',
    confirm: 'Lift suspension',
    busy: 'Lifting…',
    label: 'Why is the suspension lifted?',
    done: (name) => `${name} can practise again.`,
    intro: 'can start peer calls again at once. They read your reason.',
  },
};

const endReasonText: Record<NonNullable<PeerReport['call']['endReason']>, string> = {
  hangup: 'hung up',
  minutes: 'minutes ran out',
  dropped: 'connection dropped',
  'no-show': 'no-show',
  reported: 'ended by the report',
  suspended: 'peer suspended',
  'slot-end': 'practice time over',
};

const resolutionText: Record<NonNullable<PeerReport['resolution']>, string> = { warned: 'Resolved: warned', suspended: 'Resolved: suspended', dismissed: 'Resolved: dismissed' };

/** Reports peers made about each other's calls: warn, suspend or dismiss each, with a reason; lift a suspension. */
export function PeerReports({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const query = usePeerReports(page);
  const decide = useDecidePeerReport();
  const unsuspend = useUnsuspendPeer();
  const [target, setTarget] = useState<Target | null>(null);

  const confirm = async (reason: string) => {
    if (!target) return;
    const { report, action } = target;
    if (action === 'unsuspend') await unsuspend.mutateAsync({ userId: report.reported._id, reason });
    else await decide.mutateAsync({ reportId: report._id, decision: action, reason });
    notify.success(actionText[action].done(report.reported.name));
    setTarget(null);
    // The row's buttons change or go: focus goes to the section's heading rather than a button that may be gone.
    window.setTimeout(() => document.getElementById(HEADING_ID)?.focus(), 0);
  };
  const text = target ? actionText[target.action] : null;

  return (
    <>
      <ModerationSection
        headingId={HEADING_ID}
        title={TITLE}
        description="Peers who reported a practice partner. The reported peer never learns who reported them."
        query={query}
        page={page}
        pageSize={PEER_REPORTS_PAGE_SIZE}
        onPage={setPage}
        emptyTitle="No peer reports"
        emptyBody="When a peer reports a partner from a call, the report appears here with the call’s details."
        icon="shield"
      >
        {(items, pageLabel) => (
          <ul aria-label={`${TITLE}, ${pageLabel}`} className="grid gap-3">
            {items.map((report) => (
              <li key={report._id}>
                <ReportCard report={report} timeZone={timeZone} onAction={(action) => setTarget({ report, action })} />
              </li>
            ))}
          </ul>
        )}
      </ModerationSection>
      <ReasonDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={text?.title ?? ''}
        intro={
          <p>
            <span className="font-semibold text-base-content">{target?.report.reported.name}</span> {text?.intro}
          </p>
        }
        label={text?.label ?? ''}
        confirmLabel={text?.confirm ?? ''}
        busyLabel={text?.busy ?? ''}
        onConfirm={confirm}
        about="moderation"
        tone={target?.action === 'suspend' || target?.action === 'warn' ? 'error' : 'primary'}
      />
    </>
  );
}

function ReportCard({ report, timeZone, onAction }: { report: PeerReport; timeZone: string; onAction: (action: Action) => void }) {
  const { call, reported } = report;
  const who = reported.name;
  const button = (action: Action, className: string) => (
    <button type="button" className={`btn btn-sm ${className}`} aria-haspopup="dialog" onClick={() => onAction(action)}>
      {actionText[action].button}{' '}
      <span className="sr-only">{action === 'dismiss' ? `the report about ${who}` : who}</span>
    </button>
  );
  return (
    <article aria-labelledby={`peer-report-${report._id}`} className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`peer-report-${report._id}`} className="font-semibold wrap-break-word">
          Report about {who}
        </h3>
        <div className="flex flex-wrap gap-1">
          {reported.suspended ? (
            <Badge variant="error" size="sm">
              Peer suspended
            </Badge>
          ) : null}
          {report.resolution ? (
            <Badge variant="neutral" size="sm">
              {resolutionText[report.resolution]}
            </Badge>
          ) : (
            <Badge variant="secondary" size="sm">
              Open
            </Badge>
          )}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-base-content/80">Reported peer</dt>
          <dd>
            <PersonCell person={reported} />
            <span className="text-xs text-base-content/80">
              {reported.warnings} {reported.warnings === 1 ? 'warning' : 'warnings'} so far
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-base-content/80">Reported by</dt>
          <dd>
            <PersonCell person={report.reporter} />
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-base-content/80">Reason</dt>
          <dd className="whitespace-pre-wrap wrap-break-word">{report.reason}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">Reported</dt>
          <dd>
            <TimeCell iso={report.createdAt} timeZone={timeZone} />
          </dd>
        </div>
        <div>
          <dt className="text-base-content/80">Call</dt>
          <dd>
            {call.mode === 'audio' ? 'Audio' : 'Video'}
            {call.startedAt ? (
              <>
                , started <TimeCell iso={call.startedAt} timeZone={timeZone} />
              </>
            ) : ', never started'}
            {call.durationSeconds !== null ? (
              <>
                , <span className="whitespace-nowrap">{durationText(call.durationSeconds)}</span>
              </>
            ) : null}
            {call.endReason ? `, ${endReasonText[call.endReason]}` : ', still live'}
            {`, ${call.messages} chat ${call.messages === 1 ? 'message' : 'messages'}`}
          </dd>
        </div>
      </dl>
      {report.resolution === null || reported.suspended ? (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-base-300 pt-3">
          {report.resolution === null ? (
            <>
              {button('warn', 'btn-outline btn-warning text-base-content')}
              {reported.suspended ? null : button('suspend', 'btn-outline btn-error')}
              {button('dismiss', 'btn-ghost')}
            </>
          ) : null}
          {reported.suspended ? button('unsuspend', 'btn-outline btn-primary') : null}
        </div>
      ) : null}
    </article>
  );
}
