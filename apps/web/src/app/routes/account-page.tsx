import type { PasswordRole } from '@parley/domain/roles';
import { AccountSecurity } from '../../features/auth/components/account-security';
import { PeerAccountDetails } from '../../features/peer/components/peer-account-details';
import { PeerProfilePage } from '../../features/peer/components/peer-profile-page';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { hasSession } from '../../shared/lib/session';
import { PageHeader } from '../../shared/ui/empty-state';

/** /teacher/account, /affiliate/account, /moderator/account, /creators/account: the account's password and sign-ins. */
export function AccountPage({ role }: { role: Exclude<PasswordRole, 'learner' | 'peer'> }) {
  return (
    <div className="max-w-2xl">
      <PageHeader title="Your account" subtitle="Your password, and where you are signed in." />
      <AccountSecurity role={role} />
    </div>
  );
}

/** /user/profile: the learner's profile, then the account's password and sign-ins. */
export function ProfileWithSecurityPage() {
  return (
    <>
      <ProfilePage />
      <div className="mt-6 max-w-2xl">
        <AccountSecurity role="learner" />
      </div>
    </>
  );
}

/**
 * /peer-learning/profile: the practice profile, then, for a peer-only account (signed in with its
 * own password), that account's name, country and time zone, password and sign-ins. A learner's
 * are on /user/profile.
 */
export function PeerProfileWithSecurityPage() {
  return (
    <>
      <PeerProfilePage />
      {hasSession('peer') && !hasSession('learner') ? (
        <div className="mt-6 max-w-xl space-y-6">
          <PeerAccountDetails />
          <AccountSecurity role="peer" />
        </div>
      ) : null}
    </>
  );
}
