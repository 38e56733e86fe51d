import { useId, useState, type FormEvent } from 'react';
import type { ModeratorTutor } from '@parley/domain/moderation';
import { countOf } from '@parley/domain/plural';
import { notify } from '../../../shared/lib/toast';
import { Badge } from '../../../shared/ui/badge';
import { Icon } from '../../../shared/ui/icon';
import { MODERATOR_TUTORS_PAGE_SIZE, useModeratorTutors } from '../api/get-moderator-tutors';
import { useSetTutorBlocked } from '../api/set-tutor-blocked';
import { ModerationSection, PersonCell, TimeCell } from './moderation-section';
import { ReasonDialog } from './reason-dialog';

const TITLE = 'Tutors';
const HEADING_ID = 'moderator-tutors';

type Target = { tutor: ModeratorTutor; block: boolean };

/** Every tutor: block one (hidden from learners, booked sessions given back) or unblock, with a reason. */
export function ModeratorTutors({ timeZone }: { timeZone: string }) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useModeratorTutors(q, page);
  const change = useSetTutorBlocked();
  const [target, setTarget] = useState<Target | null>(null);
  const searchId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(search.trim());
    setPage(1);
  };
  const confirm = async (reason: string) => {
    if (!target) return;
    const { tutor, block } = target;
    const result = await change.mutateAsync({ tutorId: tutor._id, blocked: block, reason });
    const cancelled = result.cancelledSessions ? ` ${countOf(result.cancelledSessions, 'booked session')} cancelled and given back to the learners.` : '';
    notify.success(block ? `${tutor.name} is blocked.${cancelled}` : `${tutor.name} is unblocked and listed again.`);
    setTarget(null);
    window.setTimeout(() => document.getElementById(HEADING_ID)?.focus(), 0);
  };

  return (
    <>
      <ModerationSection
        headingId={HEADING_ID}
        title={TITLE}
        description="A blocked tutor disappears from the tutor list and their schedule takes no bookings; their booked sessions are cancelled and each learner gets the session back."
        query={query}
        page={page}
        pageSize={MODERATOR_TUTORS_PAGE_SIZE}
        onPage={setPage}
        emptyTitle={q ? 'No tutor matches' : 'No tutors yet'}
        emptyBody={q ? `Nobody’s name or email contains “${q}”.` : 'Tutors appear here once they have an account.'}
        icon="tutor"
        toolbar={
          <form role="search" aria-label="Tutors" onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <div className="flex min-w-0 grow flex-col gap-1 sm:max-w-sm">
              <label htmlFor={searchId} className="text-sm font-medium">
                Name or email
              </label>
              <input id={searchId} type="search" className="input input-sm w-full" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} />
            </div>
            <button type="submit" className="btn btn-sm btn-primary">
              <Icon name="search" className="size-4" />
              Search
            </button>
            {q ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => {
                  setSearch('');
                  setQ('');
                  setPage(1);
                }}
              >
                Show all
              </button>
            ) : null}
          </form>
        }
      >
        {(items, pageLabel) => (
          <ul aria-label={`${TITLE}, ${pageLabel}`} className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {items.map((tutor) => (
              <li key={tutor._id}>
                <TutorCard tutor={tutor} timeZone={timeZone} onChange={(block) => setTarget({ tutor, block })} />
              </li>
            ))}
          </ul>
        )}
      </ModerationSection>
      <ReasonDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={target?.block ? 'Block tutor' : 'Unblock tutor'}
        intro={target ? <BlockIntro target={target} /> : null}
        label={target?.block ? 'Why is the tutor blocked?' : 'Why is the tutor unblocked?'}
        confirmLabel={target?.block ? 'Block tutor' : 'Unblock tutor'}
        busyLabel={target?.block ? 'Blocking…' : 'Unblocking…'}
        onConfirm={confirm}
        about="moderation"
        tone={target?.block ? 'error' : 'primary'}
      />
    </>
  );
}

function BlockIntro({ target: { tutor, block } }: { target: Target }) {
  const name = <span className="font-semibold text-base-content">{tutor.name}</span>;
  if (!block) return <p>{name} appears in the tutor list again and learners can book their free times. Other moderators read your reason in the audit log.</p>;
  return (
    <div className="space-y-2">
      <p>{name} disappears from the tutor list and their schedule takes no bookings.</p>
      <p>
        {tutor.upcomingSessions
          ? `Their ${countOf(tutor.upcomingSessions, 'booked session')} will be cancelled: each learner gets the session back and is told the tutor is no longer teaching.`
          : 'They have no booked sessions to cancel.'}{' '}
        The tutor sees your reason on their dashboard; learners don’t. Other moderators read it in the audit log.
      </p>
    </div>
  );
}

function TutorCard({ tutor, timeZone, onChange }: { tutor: ModeratorTutor; timeZone: string; onChange: (block: boolean) => void }) {
  const headingId = `tutor-${tutor._id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0">
          <PersonCell person={tutor} />
        </h3>
        {tutor.isBlocked ? (
          <Badge variant="error" size="sm">
            Blocked
          </Badge>
        ) : (
          <Badge variant="success" size="sm">
            Listed
          </Badge>
        )}
      </div>
      <dl className="mt-3 mb-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-base-content/80">Subjects</dt>
        <dd>{tutor.subjects.length ? tutor.subjects.join(', ') : 'None yet'}</dd>
        <dt className="text-base-content/80">Booked</dt>
        <dd>{tutor.upcomingSessions ? `${countOf(tutor.upcomingSessions, 'upcoming session')}` : 'No upcoming sessions'}</dd>
        {tutor.block ? (
          <>
            <dt className="text-base-content/80">Blocked on</dt>
            <dd>
              <TimeCell iso={tutor.block.createdAt} timeZone={timeZone} /> by {tutor.block.moderator.name}
            </dd>
            <dt className="text-base-content/80">Reason</dt>
            <dd className="whitespace-pre-wrap wrap-break-word">{tutor.block.reason ?? 'None given'}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-base-300 pt-3">
        {tutor.isBlocked ? (
          <button type="button" className="btn btn-sm btn-outline btn-primary" aria-haspopup="dialog" onClick={() => onChange(false)}>
            Unblock <span className="sr-only">{tutor.name}</span>
          </button>
        ) : (
          <button type="button" className="btn btn-sm btn-outline btn-error" aria-haspopup="dialog" onClick={() => onChange(true)}>
            Block <span className="sr-only">{tutor.name}</span>
          </button>
        )}
      </div>
    </article>
  );
}
