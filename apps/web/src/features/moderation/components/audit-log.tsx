import { useState } from 'react';
import { moderatorActionLabels, type AuditEntry } from '@parley/domain/moderation';
import { AUDIT_LOG_PAGE_SIZE, useAuditLog } from '../api/get-audit-log';
import { ModerationSection, PersonCell, TimeCell } from './moderation-section';
import { WideTable } from '../../../shared/ui/wide-table';

const TITLE = 'Audit log';
const HEADING_ID = 'audit-log';

const roleLabels: Record<string, string> = { learner: 'Learner', kid: 'Kid', teacher: 'Tutor', peer: 'Peer', influencer: 'Affiliate', moderator: 'Moderator', creator: 'Creator' };

/** Every moderator action, newest first. Nobody can edit or remove an entry. */
export function AuditLog({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const query = useAuditLog(page);

  return (
    <ModerationSection
      headingId={HEADING_ID}
      title={TITLE}
      description="Every moderator action: who did what, to whom, why and when. Newest first. Entries can’t be edited or removed."
      query={query}
      page={page}
      pageSize={AUDIT_LOG_PAGE_SIZE}
      onPage={setPage}
      emptyTitle="No moderator actions yet"
      emptyBody="Approvals, rejections, blocks, warnings and login links appear here as moderators make them."
      icon="history"
    >
      {(items, pageLabel) => (
        <>
          <AuditTable items={items} timeZone={timeZone} caption={`${TITLE}, ${pageLabel}. Times in ${timeZone}.`} />
          <AuditCards items={items} timeZone={timeZone} label={`${TITLE}, ${pageLabel}`} />
        </>
      )}
    </ModerationSection>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  return (
    <span className="flex min-w-0 flex-col">
      {entry.course ? <span className="font-medium wrap-break-word">Course: {entry.course.title}</span> : null}
      <PersonCell person={entry.target} />
      <span className="text-xs text-base-content/80">{roleLabels[entry.target.role] ?? entry.target.role}</span>
    </span>
  );
}

const Reason = ({ reason }: { reason: string | null }) =>
  reason ? <span className="whitespace-pre-wrap wrap-break-word">{reason}</span> : <span className="text-base-content/80">—<span className="sr-only">No reason recorded</span></span>;

function AuditTable({ items, timeZone, caption }: { items: AuditEntry[]; timeZone: string; caption: string }) {
  return (
    <WideTable caption={caption} from="md" columns={['When', 'Action', 'Moderator', 'About', 'Reason']}>
      {items.map((entry) => (
        <tr key={entry._id}>
          <th scope="row" className="font-normal">
            <TimeCell iso={entry.createdAt} timeZone={timeZone} />
          </th>
          <td className="font-medium">{moderatorActionLabels[entry.action]}</td>
          <td>
            <PersonCell person={entry.moderator} />
          </td>
          <td>
            <Target entry={entry} />
          </td>
          <td className="max-w-xs">
            <Reason reason={entry.reason} />
          </td>
        </tr>
      ))}
    </WideTable>
  );
}

/** Below md: one card per action, same facts. */
function AuditCards({ items, timeZone, label }: { items: AuditEntry[]; timeZone: string; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-3 md:hidden">
      {items.map((entry) => (
        <li key={entry._id} className="rounded-box border border-base-300 bg-base-100 p-4">
          <p className="font-semibold">{moderatorActionLabels[entry.action]}</p>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-base-content/80">When</dt>
            <dd>
              <TimeCell iso={entry.createdAt} timeZone={timeZone} />
            </dd>
            <dt className="text-base-content/80">Moderator</dt>
            <dd>
              <PersonCell person={entry.moderator} />
            </dd>
            <dt className="text-base-content/80">About</dt>
            <dd>
              <Target entry={entry} />
            </dd>
            <dt className="text-base-content/80">Reason</dt>
            <dd>
              <Reason reason={entry.reason} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
