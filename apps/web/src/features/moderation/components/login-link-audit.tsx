import { useState } from 'react';
import type { LoginLinkAudit as LoginLinkAuditEntry } from '@parley/domain/moderation';
import { LOGIN_LINK_AUDIT_PAGE_SIZE, useLoginLinkAudit } from '../api/get-login-link-audit';
import { ModerationSection, PersonCell, TimeCell } from './moderation-section';
import { WideTable } from '../../../shared/ui/wide-table';

const TITLE = 'Login links issued';

/** The audit trail of single-use login links moderators minted for learners. */
export function LoginLinkAudit({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const query = useLoginLinkAudit(page);

  return (
    <ModerationSection
      headingId="login-link-audit"
      title={TITLE}
      description="Single-use login links moderators created for learners. Newest first."
      query={query}
      page={page}
      pageSize={LOGIN_LINK_AUDIT_PAGE_SIZE}
      onPage={setPage}
      emptyTitle="No login links issued yet"
      emptyBody="When a moderator creates a login link for a learner, it is recorded here with when it was used."
      icon="history"
    >
      {(items, pageLabel) => (
        <>
          <AuditTable items={items} timeZone={timeZone} caption={`${TITLE}, ${pageLabel}. Times in ${timeZone}.`} />
          <AuditCards items={items} timeZone={timeZone} />
        </>
      )}
    </ModerationSection>
  );
}

function UsedCell({ usedAt, timeZone }: { usedAt: string | null; timeZone: string }) {
  if (!usedAt) return <span className="text-base-content/80">Not used</span>;
  return <TimeCell iso={usedAt} timeZone={timeZone} />;
}

function AuditTable({ items, timeZone, caption }: { items: LoginLinkAuditEntry[]; timeZone: string; caption: string }) {
  return (
    <WideTable caption={caption} from="md" columns={['Issued', 'Moderator', 'Learner', 'Expires', 'Used']}>
      {items.map((entry) => (
        <tr key={entry._id}>
          <th scope="row" className="font-normal">
            <TimeCell iso={entry.createdAt} timeZone={timeZone} />
          </th>
          <td>
            <PersonCell person={entry.moderator} />
          </td>
          <td>
            <PersonCell person={entry.learner} />
          </td>
          <td>
            <TimeCell iso={entry.expiresAt} timeZone={timeZone} />
          </td>
          <td>
            <UsedCell usedAt={entry.usedAt} timeZone={timeZone} />
          </td>
        </tr>
      ))}
    </WideTable>
  );
}

/** Below md: one card per link, same facts. */
function AuditCards({ items, timeZone }: { items: LoginLinkAuditEntry[]; timeZone: string }) {
  return (
    <ul aria-label={TITLE} className="grid gap-3 md:hidden">
      {items.map((entry) => (
        <li key={entry._id} className="rounded-box border border-base-300 bg-base-100 p-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-base-content/80">Learner</dt>
            <dd>
              <PersonCell person={entry.learner} />
            </dd>
            <dt className="text-base-content/80">Moderator</dt>
            <dd>
              <PersonCell person={entry.moderator} />
            </dd>
            <dt className="text-base-content/80">Issued</dt>
            <dd>
              <TimeCell iso={entry.createdAt} timeZone={timeZone} />
            </dd>
            <dt className="text-base-content/80">Expires</dt>
            <dd>
              <TimeCell iso={entry.expiresAt} timeZone={timeZone} />
            </dd>
            <dt className="text-base-content/80">Used</dt>
            <dd>
              <UsedCell usedAt={entry.usedAt} timeZone={timeZone} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
