import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import { canAddKid } from '@parley/domain/limits';
import { takeIntendedPath } from '../../../shared/lib/intended-path';
import { notify } from '../../../shared/lib/toast';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { useKids } from '../api/get-kids-by-parent-id';
import { useSelectKid } from '../api/find-kid-by-id';
import { useActiveKid } from '../lib/active-kid';
import { AddKidForm } from './add-kid-form';
import { KidAvatar } from './kid-avatar';
import { RetryAlert } from '../../../shared/ui/retry-alert';

const KIDS_HOME = '/kids/dashboard';

/** A page of the kid's own area (which needs a chosen kid), not this chooser. */
function isKidPage(path: string): boolean {
  const pathname = new URL(path, 'http://parley.invalid').pathname;
  return pathname.startsWith('/kids/') && pathname !== '/kids/accounts';
}

/** /kids/accounts (type=switch-kids when a kid must be chosen first: choosing one continues to the page asked for). */
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
  const addedKidName = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (addedKidId) addedKidName.current?.focus();
  }, [addedKidId]);

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
  return (
    <div className="space-y-8">
      <PageHeader
        title={switching ? 'Who is learning today?' : 'Kid profiles'}
        subtitle={`Choose a kid to open their classes. You can manage up to ${MAX_KID_PROFILES} kid profiles.`}
      />
      {list.length === 0 ? (
        <EmptyState title="No kid profiles yet" icon="child">
          Add your first kid below to book classes in English or Financial Education.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Kid profiles">
          {list.map((kid) => (
            <li key={kid._id} className={`card border bg-base-100 ${activeId === kid._id ? 'border-primary' : 'border-base-300'}`}>
              <div className="card-body items-center gap-2 text-center">
                <KidAvatar name={kid.name} avatar={kid.avatar} size="size-20" />
                <h2 ref={kid._id === addedKidId ? addedKidName : undefined} tabIndex={-1} className="card-title">
                  {kid.name}
                </h2>
                {activeId === kid._id ? <span className="badge badge-primary badge-sm">Active now</span> : null}
                <button
                  type="button"
                  className="btn btn-primary btn-sm mt-2"
                  onClick={() => choose(kid._id)}
                  // aria-disabled, not disabled: the pressed button keeps focus until the dashboard opens (or the switch fails).
                  aria-disabled={selectKid.isPending || undefined}
                  aria-label={`Continue as ${kid.name}`}
                >
                  {selectKid.isPending && selectKid.variables === kid._id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                  Continue as {kid.name}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {refusal ? (
        <p role="alert" className="alert alert-warning alert-soft">
          {refusal}
        </p>
      ) : null}
      {/* Add kid appears only when fewer than 3 kids exist. */}
      {canAddKid(list.length) ? (
        <AddKidForm
          onAdded={(kid) => {
            setRefusal(null);
            setAddedKidId(kid._id);
          }}
          onRefused={setRefusal}
        />
      ) : (
        <p className="text-sm text-base-content/70">You have {MAX_KID_PROFILES} kid profiles, the most an account can hold.</p>
      )}
    </div>
  );
}
