import { useLogout } from '../../features/auth/api/logout';
import { AffiliateShell } from '../../features/affiliate/components/affiliate-shell';
import { CreatorShell } from '../../features/creators/components/creator-shell';
import { ModeratorShell } from '../../features/moderation/components/moderator-shell';
import { TutorShell } from '../../features/tutor-area/components/tutor-shell';

// Each area's frame, wired to its own logout (affiliate Logout clears INFLUENCER_TOKEN and INFLUENCER).

export function AffiliateLayout() {
  const logout = useLogout('influencer');
  return <AffiliateShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} />;
}

export function ModeratorLayout() {
  const logout = useLogout('moderator');
  return <ModeratorShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} />;
}

export function CreatorLayout() {
  const logout = useLogout('creator');
  return <CreatorShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} />;
}

export function TutorLayout() {
  const logout = useLogout('teacher');
  return <TutorShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} />;
}
