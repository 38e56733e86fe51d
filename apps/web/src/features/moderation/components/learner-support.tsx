import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LEARNER_SEARCH_MIN, type LearnerMatch } from '@parley/domain/moderation';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { copyText } from '../../../shared/lib/copy-text';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useIssueLoginLink, type IssuedLoginLink } from '../api/issue-login-link';
import { useLearnerSearch } from '../api/search-learners';
import { PersonCell, TimeCell } from './moderation-section';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';

const HEADING_ID = 'learner-support';

/**
 * Support for a learner who cannot sign in: find them by name or email, then create a single-use
 * login link to send them. The link is shown once (the server keeps only its hash); every link is
 * in the audit with who created it and whether it was used.
 */
export function LearnerSupport({ timeZone }: { timeZone: string }) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const query = useLearnerSearch(q);
  const issue = useIssueLoginLink();
  // A double click's second click would otherwise create (and show) a second valid link.
  const once = useSingleFlight();
  const [issued, setIssued] = useState<{ learner: LearnerMatch; link: IssuedLoginLink } | null>(null);
  const searchId = useId();
  const errorId = `${searchId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = search.trim();
    const short = text.length < LEARNER_SEARCH_MIN;
    setTooShort(short);
    // A search too short to run also drops the last one's results: they would answer another question.
    setQ(short ? '' : text);
  };
  const mint = (learner: LearnerMatch) =>
    once((done) =>
      issue.mutate(learner._id, {
        onSettled: done,
        onSuccess: (link) => setIssued({ learner, link }),
        onError: (error) => notify.failure(error),
      }),
    );

  // The link's panel goes: the focus goes back to the learner's Create login link (or the heading, when a new search has dropped the learner).
  const done = (learner: LearnerMatch) => {
    setIssued(null);
    (document.getElementById(createLinkId(learner)) ?? document.getElementById(HEADING_ID))?.focus();
  };

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-3">
      <div>
        <h2 id={HEADING_ID} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold">
          Learner support
        </h2>
        <p className="text-sm text-base-content/70">Find a learner who can’t sign in and create a single-use login link for them. It works once, for 15 minutes, and a new link ends any earlier one.</p>
      </div>

      <form role="search" aria-label="Learners" onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
        <div className="flex min-w-0 grow flex-col gap-1 sm:max-w-sm">
          <label htmlFor={searchId} className="text-sm font-medium">
            Learner’s name or email
          </label>
          <input
            id={searchId}
            type="search"
            className="input input-sm w-full"
            value={search}
            maxLength={100}
            aria-invalid={tooShort || undefined}
            aria-describedby={tooShort ? errorId : undefined}
            onChange={(event) => setSearch(event.target.value)}
          />
          {tooShort ? (
            <p id={errorId} className="text-xs text-error">
              Type at least {LEARNER_SEARCH_MIN} characters
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-sm btn-primary sm:mt-6">
          <Icon name="search" className="size-4" />
          Find learner
        </button>
      </form>

      {issued ? <IssuedLink learner={issued.learner} link={issued.link} timeZone={timeZone} onDone={() => done(issued.learner)} /> : null}

      {q && query.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Searching learners</span>
          <div className="skeleton h-12 w-full" />
          <div className="skeleton h-12 w-full" />
        </div>
      ) : null}
      {query.isError ? <RetryAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} className="text-base-content" /> : null}
      {query.data && query.data.items.length === 0 ? (
        <EmptyState level={3} title="No learner found" icon="search">
          Nobody’s name or email contains “{q}”. Check the spelling, or search by part of the email.
        </EmptyState>
      ) : null}
      {query.data && query.data.items.length > 0 ? (
        <ul aria-label={`Learners matching “${q}”`} className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {query.data.items.map((learner) => (
            <li key={learner._id} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1 text-sm">
                <PersonCell person={learner} />
                <p className="text-base-content/80">
                  <span className="whitespace-nowrap">Phone {learner.phoneNumber ?? 'not given'}</span> · {learner.country} ·{' '}
                  <span className="whitespace-nowrap">joined {formatInstant(learner.createdAt, timeZone, 'd MMM yyyy')}</span>
                </p>
              </div>
              <button id={createLinkId(learner)} type="button" className="btn btn-sm btn-outline btn-primary shrink-0" aria-disabled={issue.isPending || undefined} onClick={() => mint(learner)}>
                {issue.isPending && issue.variables === learner._id ? 'Creating…' : 'Create login link'} <span className="sr-only">for {learner.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const createLinkId = (learner: LearnerMatch) => `login-link-${learner._id}`;

/** The link, shown this once: copy it to send to the learner. */
function IssuedLink({ learner, link, timeZone, onDone }: { learner: LearnerMatch; link: IssuedLoginLink; timeZone: string; onDone: () => void }) {
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  // The new link is where the moderator's attention goes: focus it (which selects it, ready to copy).
  useEffect(() => inputRef.current?.focus(), [link.url]);
  const copy = async () => {
    try {
      await copyText(link.url);
      setCopied(true);
    } catch (error) {
      inputRef.current?.select();
      notify.failure(error);
    }
  };
  return (
    <div role="region" aria-label={`Login link for ${learner.name}`} className="space-y-2 rounded-box border border-primary bg-base-100 p-4">
      <p className="text-sm">
        Login link for <span className="font-semibold">{learner.name}</span>. It is shown only now: copy it and send it to the learner. It works once, until{' '}
        <TimeCell iso={link.expiresAt} timeZone={timeZone} />.
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Link
        </label>
        <div className="flex flex-wrap gap-2">
          <input id={fieldId} ref={inputRef} readOnly className="input input-sm min-w-0 grow font-mono" value={link.url} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="btn btn-sm btn-primary" onClick={() => void copy()}>
            <Icon name={copied ? 'check' : 'clipboard'} className="size-4" />
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
            Done
          </button>
        </div>
        <p aria-live="polite" className="sr-only">
          {copied ? 'Link copied' : ''}
        </p>
      </div>
    </div>
  );
}
