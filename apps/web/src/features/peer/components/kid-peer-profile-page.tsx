import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { kidPeerProfilePayload, kidPeerTexts, minutesToGiveProblem, type KidPeerKid } from '@parley/domain/kid-peer';
import { LANGUAGE_NAME_MAX, PEER_LEVELS, type PeerLevel } from '@parley/domain/peer';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { PageHeader } from '../../../shared/ui/empty-state';
import { FormField } from '../../../shared/ui/form-field';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useKidPeerKids } from '../api/get-kid-peer-kids';
import { usePeerOverview } from '../api/get-peer-overview';
import { useUpdateKidPeer } from '../api/update-kid-peer';
import { minutesText } from '../lib/peer-time';
import { KidPeerChooser, useChosenKid } from './kid-peer-chooser';
import { NoKids } from './kid-peer-dashboard-page';
import { newRequestKey } from '../../../shared/lib/request-key';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';

/**
 * /kid-peer/profile, in the parent's account: for the chosen kid, the consent switch (off by
 * default), their speaking level and first language, and minutes given from the parent's own.
 */
export function KidPeerProfilePage() {
  const kids = useKidPeerKids();
  const [kid, choose] = useChosenKid(kids.data);
  return (
    <div className="space-y-6">
      <PageHeader title="Kids Peer Profile" subtitle="Decide whether each kid may practise with other kids, and at which level." />
      {kids.isPending ? (
        <div role="status" className="skeleton h-40 w-full">
          <span className="sr-only">Loading your kids</span>
        </div>
      ) : kids.isError ? (
        <RetryAlert message={errorMessage(kids.error)} onRetry={() => void kids.refetch()} retrying={kids.isFetching} className="text-base-content" />
      ) : !kid ? (
        <NoKids />
      ) : (
        <>
          <KidPeerChooser kids={kids.data} kid={kid} onChoose={choose} />
          <ConsentCard kid={kid} />
          <LevelForm key={kid.kidId} kid={kid} />
          <MinutesForm kid={kid} />
        </>
      )}
    </div>
  );
}

function ConsentCard({ kid }: { kid: KidPeerKid }) {
  const update = useUpdateKidPeer();
  // aria-disabled while it saves, not disabled: the switch keeps the focus, and takes no second press meanwhile.
  const toggle = () =>
    update.isPending ||
    update.mutate(
      { kind: 'consent', kidId: kid.kidId, consent: !kid.consent },
      { onSuccess: (next) => notify.success(next.consent ? kidPeerTexts.consentOn : kidPeerTexts.consentOff), onError: (error) => notify.failure(error) },
    );
  return (
    <section aria-labelledby="consent-heading" className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id="consent-heading" className="text-lg font-semibold">
        Consent
      </h2>
      <label className="flex cursor-pointer items-start gap-3">
        <input type="checkbox" role="switch" className="toggle toggle-primary mt-0.5 aria-disabled:opacity-50" checked={kid.consent} aria-disabled={update.isPending || undefined} onChange={toggle} />
        <span>
          <span className="font-medium">Let {kid.name} practise with other kids</span>
          <span className="block text-sm text-base-content/80">
            Only kids of {kid.name}’s age band and a similar level, only at times you publish or book, audio only unless you choose video. Either child can report the other, which ends the call.
          </span>
        </span>
      </label>
      {kid.ageBand ? null : (
        <p className="rounded-box bg-warning/15 p-3 text-sm">
          {kid.age === null ? kidPeerTexts.noBirthDate : kidPeerTexts.outsideAges}{' '}
          <Link to="/kids/accounts?type=switch-kids" className="link">
            Kids’ accounts
          </Link>
        </p>
      )}
    </section>
  );
}

const isPeerLevel = (value: string): value is PeerLevel => (PEER_LEVELS as readonly string[]).includes(value);

function LevelForm({ kid }: { kid: KidPeerKid }) {
  const update = useUpdateKidPeer();
  // No level yet: the select shows a placeholder, never a level that looks saved, and the form
  // is not sent until one is chosen; each field says on the page what it needs.
  const [level, setLevel] = useState<PeerLevel | ''>(kid.level ?? '');
  const [firstLanguage, setFirstLanguage] = useState(kid.firstLanguage ?? '');
  const [errors, setErrors] = useState<Partial<Record<'level' | 'firstLanguage', string>>>({});
  const levelRef = useRef<HTMLSelectElement>(null);
  const languageRef = useRef<HTMLInputElement>(null);
  const edited = (field: 'level' | 'firstLanguage') => setErrors((current) => ({ ...current, [field]: undefined }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    // The payload's own rules (the server's too) say what each field needs.
    const parsed = kidPeerProfilePayload.safeParse({ level, firstLanguage });
    if (!parsed.success) {
      const found = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      setErrors(found);
      (found.level ? levelRef : languageRef).current?.focus();
      return;
    }
    setErrors({});
    update.mutate({ kind: 'profile', kidId: kid.kidId, ...parsed.data }, { onSuccess: () => notify.success('Saved.'), onError: (error) => notify.failure(error) });
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby="level-heading" className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id="level-heading" className="text-lg font-semibold">
        Speaking level
      </h2>
      <div className="grid grid-cols-1 max-w-xl gap-3 sm:grid-cols-2">
        <FormField label="Level" error={errors.level}>
          <select
            ref={levelRef}
            className="select w-full"
            value={level}
            required
            onChange={(e) => {
              setLevel(isPeerLevel(e.target.value) ? e.target.value : '');
              edited('level');
            }}
          >
            <option value="" disabled>
              Choose a level
            </option>
            {PEER_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="First language" error={errors.firstLanguage}>
          <input
            ref={languageRef}
            className="input w-full"
            value={firstLanguage}
            required
            maxLength={LANGUAGE_NAME_MAX}
            onChange={(e) => {
              setFirstLanguage(e.target.value);
              edited('firstLanguage');
            }}
          />
        </FormField>
      </div>
      <button type="submit" className="btn btn-primary btn-sm" aria-disabled={update.isPending || undefined}>
        Save level
      </button>
    </form>
  );
}

function MinutesForm({ kid }: { kid: KidPeerKid }) {
  const update = useUpdateKidPeer();
  const overview = usePeerOverview();
  const [typed, setTyped] = useState('30');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const mine = overview.data?.availableMinutes ?? 0;
  // A double click's second click would otherwise give the minutes again.
  const once = useSingleFlight();
  // One key per filled-in gift: sent again (a retry after a lost answer) it moves the minutes once;
  // a changed gift, or one after a success, gets a new key.
  const requestKey = useRef<string | null>(null);
  useEffect(() => {
    requestKey.current = null;
  }, [kid.kidId, typed]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mine < 1) return;
    // Digits only: '1e2' or '2.5' is not a number of minutes, whatever Number() makes of it.
    const minutes = /^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN;
    const refusal = minutesToGiveProblem(minutes, mine);
    if (refusal) {
      setProblem(refusal);
      field.current?.focus();
      return;
    }
    once((done) => {
      requestKey.current ??= newRequestKey();
      update.mutate(
        { kind: 'minutes', kidId: kid.kidId, minutes, requestKey: requestKey.current },
        {
          onSettled: done,
          onSuccess: (given) => {
            requestKey.current = null;
            notify.success(`${given.name} has ${minutesText(given.availableMinutes)} now.`);
          },
          onError: (error) => notify.failure(error),
        },
      );
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="minutes-heading" className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id="minutes-heading" className="text-lg font-semibold">
        Minutes
      </h2>
      <p className="text-sm">
        {kid.name} has <strong className="tabular-nums">{minutesText(kid.availableMinutes)}</strong>. You have <strong className="tabular-nums">{minutesText(mine)}</strong> to give. More come with{' '}
        <Link to="/kid-peer/subscription-plans" className="link link-primary">
          a kids peer plan
        </Link>
        .
      </p>
      {/* The button sits beside the field, not beside an error below it. */}
      <div className="flex flex-wrap items-start gap-3">
        <FormField label="Minutes to give" error={problem ?? undefined}>
          <input
            ref={field}
            type="number"
            className="input w-32"
            min={1}
            max={Math.max(1, mine)}
            step={1}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setProblem(null);
            }}
          />
        </FormField>
        <button type="submit" className="btn btn-primary btn-sm mt-7" aria-disabled={update.isPending || mine < 1 || undefined}>
          Give minutes
        </button>
      </div>
    </form>
  );
}

/** On the kids peer plans page: the bought minutes not given yet, and where they are given. */
export function MinutesToGive() {
  const overview = usePeerOverview();
  if (!overview.data) return null;
  const mine = overview.data.availableMinutes;
  return (
    <section aria-labelledby="minutes-to-give-heading" className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <div className="min-w-0 flex-1 text-sm">
        <h2 id="minutes-to-give-heading" className="sr-only">
          Minutes to give
        </h2>
        <p>
          You have <strong className="tabular-nums">{minutesText(mine)}</strong> to give to your kids.
          {mine > 0 ? ' A plan’s minutes are yours until you give them to a kid on the kids peer profile.' : null}
        </p>
      </div>
      {mine > 0 ? (
        <Link to="/kid-peer/profile" className="btn btn-primary btn-sm">
          Give minutes
        </Link>
      ) : null}
    </section>
  );
}
