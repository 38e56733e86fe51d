import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import type { KidSummary } from '@parley/domain/kids';
import { canAddKid } from '@parley/domain/limits';
import { takeIntendedPath } from '../../../shared/lib/intended-path';
import { notify } from '../../../shared/lib/toast';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { useKids } from '../api/get-kids-by-parent-id';
import { useSelectKid } from '../api/find-kid-by-id';
import { useActiveKid } from '../lib/active-kid';
import { AddKidForm } from './add-kid-form';
import { KidCard } from './kid-card';
import { RemoveKidDialog } from './remove-kid-dialog';
import { RetryAlert } from '../../../shared/ui/retry-alert';

const KIDS_HOME = '/kids/dashboard';

/** A page of the kid's own area (which needs a chosen kid), not this chooser. */
function isKidPage(path: string): boolean {
  const pathname = new URL(path, 'http://parley.invalid').pathname;
  return pathname.startsWith('/kids/') && pathname !== '/kids/accounts';
}

/**
 * /kids/accounts (type=switch-kids when a kid must be chosen first: choosing one continues to the page
 * asked for; `for` names the kid a followed link was for; add=kid, from the kid menu's Add kid, starts at the form).
 */
export function KidsAccountsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: kids, isPending, isError, error, refetch, isFetching } = useKids();
  const selectKid = useSelectKid();
  const activeId = useActiveKid()?._id;
  const [refusal, setRefusal] = useState<string | null>(null);
  const switching = params.get('type') === 'switch-kids';
  // A new kid's name takes focus: the form that had it is gone at the third kid (focus would fall
  // to <body>, WCAG 2.4.3), and the name says where the new profile is.
  const [addedKidId, setAddedKidId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<KidSummary | null>(null);
  // A removed kid's card (and the Remove button that opened the dialog) is gone: focus goes to
  // the note saying so, just before Add kid.
  const [removedNote, setRemovedNote] = useState<string | null>(null);
  const removedNoteRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (removedNote) removedNoteRef.current?.focus();
  }, [removedNote]);

  const choose = async (learnerId: string) => {
    if (selectKid.isPending) return;
    try {
      await selectKid.mutateAsync(learnerId);
      // Sent here to choose a kid first: continue to the kid page that was asked for.
      navigate(switching ? takeIntendedPath(KIDS_HOME, isKidPage) : KIDS_HOME);
    } catch (failure) {
      notify.failure(failure);
    }
  };

  if (isPending) return <PageSkeleton label="Loading kid profiles" />;
  if (isError && !kids) {
    return (
      <div className="space-y-4">
        <PageHeader title="Kid profiles" />
        <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
      </div>
    );
  }
  const list = kids ?? [];
  // Sent here by a link for one kid's classes (RequireKid) while another kid was open.
  const linkedKid = switching ? list.find((kid) => kid._id === params.get('for')) : undefined;
  return (
    <div className="space-y-8">
      <PageHeader
        title={switching ? 'Who is learning today?' : 'Kid profiles'}
        subtitle={
          linkedKid
            ? `The link you followed is for ${linkedKid.name}. Choose ${linkedKid.name} to open it, or choose another kid.`
            : `Choose a kid to open their classes. You can manage up to ${MAX_KID_PROFILES} kid profiles.`
        }
      />
      {list.length === 0 ? (
        <EmptyState title="No kid profiles yet" icon="child">
          Add your first kid below to book classes in English or Financial Education.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Kid profiles">
          {list.map((kid) => (
            <KidCard
              key={kid._id}
              kid={kid}
              active={activeId === kid._id}
              focusName={kid._id === addedKidId}
              switching={selectKid.isPending}
              switchingHere={selectKid.isPending && selectKid.variables === kid._id}
              onContinue={() => choose(kid._id)}
              onRemove={() => {
                setRemovedNote(null);
                setRemoving(kid);
              }}
            />
          ))}
        </ul>
      )}
      {removedNote ? (
        <p ref={removedNoteRef} tabIndex={-1} className="alert alert-success alert-soft">
          {removedNote}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="alert alert-warning alert-soft">
          {refusal}
        </p>
      ) : null}
      {/* Add kid appears only when fewer than 3 kids exist. */}
      {canAddKid(list.length) ? (
        <AddKidForm
          focusName={params.get('add') === 'kid'}
          onAdded={(kid) => {
            setRefusal(null);
            setRemovedNote(null);
            setAddedKidId(kid._id);
          }}
          onRefused={setRefusal}
        />
      ) : (
        <p className="text-sm text-base-content/70">
          You have {MAX_KID_PROFILES} kid profiles, the most an account can hold. Remove one you no longer need to add another.
        </p>
      )}
      <RemoveKidDialog
        kid={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(_kid, message) => {
          setRemoving(null);
          setRefusal(null);
          setRemovedNote(`${message}. You can add a kid in its place.`);
        }}
      />
    </div>
  );
}
