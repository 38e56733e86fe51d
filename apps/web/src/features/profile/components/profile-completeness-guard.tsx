import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserRecord } from '@parley/domain/user';
import { focusPageHeading } from '../../../shared/lib/use-focus-hand-off';
import { Icon } from '../../../shared/ui/icon';
import { needsProfileCompletion, profileGaps, type ProfileGap } from '../lib/profile-completeness';

/**
 * Profile completeness guard, as coded: renders its content while the user record is
 * incomplete, and nothing once it is complete. The spec calls the intent ambiguous; applied to
 * whole pages it would blank every complete learner's screens, so the private layout applies it
 * to the profile-completion prompt only.
 */
export function ProfileCompletenessGuard({ user, children }: { user: UserRecord | null | undefined; children: ReactNode }) {
  if (!user || !needsProfileCompletion(user)) return null;
  return <>{children}</>;
}

const gapText: Record<Exclude<ProfileGap, 'verifiedPhone'>, string> = { name: 'your name', phone: 'a phone number', dob: 'your date of birth' };

function missingText(gaps: ProfileGap[]): string {
  const parts = gaps.filter((g): g is Exclude<ProfileGap, 'verifiedPhone'> => g !== 'verifiedPhone').map((g) => gapText[g]);
  if (parts.length === 0) return '';
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Whose reminder was hidden in this tab: hidden, it stays hidden on the visit's next pages (a new tab shows it again). */
const HIDDEN_KEY = 'parley.profileReminderHiddenFor';
const hiddenFor = (userId: string) => {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === userId;
  } catch {
    return false;
  }
};

/** The prompt the guard shows: what is missing and a way to the profile form. */
export function ProfileCompletionPrompt({ user, showLink = true }: { user: UserRecord; showLink?: boolean }) {
  const [dismissed, setDismissed] = useState(() => hiddenFor(user._id));
  const titleId = useId();
  if (dismissed) return null;
  const hide = () => {
    try {
      sessionStorage.setItem(HIDDEN_KEY, user._id);
    } catch {
      // Storage refused (private mode): hidden on this page only.
    }
    setDismissed(true);
    // The ✕ goes with the reminder: the focus goes to the page's heading, not to the top of the document.
    focusPageHeading();
  };
  const gaps = profileGaps(user);
  const missing = missingText(gaps);
  return (
    // A region, not a live one: the reminder stands on every page from the start, with nothing new to announce.
    <section aria-labelledby={titleId} className="mb-6 flex flex-wrap items-center gap-3 rounded-box border border-warning/50 bg-warning/10 px-4 py-3">
      <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-warning/30 text-warning-content">
        <Icon name="user" />
      </span>
      <div className="min-w-[12rem] flex-1">
        <p id={titleId} className="font-semibold">
          Complete your profile
        </p>
        <p className="text-sm text-base-content/80">
          {missing ? `Add ${missing} so your tutors and our team can reach you.` : null}
          {gaps.includes('verifiedPhone') ? `${missing ? ' ' : ''}Your phone number is not verified yet.` : null}
        </p>
      </div>
      {showLink && (missing || gaps.includes('verifiedPhone')) ? (
        <Link to="/user/profile" className="btn btn-sm btn-warning">
          {missing ? 'Complete profile' : 'Verify phone'}
        </Link>
      ) : null}
      <button type="button" className="btn btn-ghost btn-sm" onClick={hide} aria-label="Hide profile reminder">
        ✕
      </button>
    </section>
  );
}
