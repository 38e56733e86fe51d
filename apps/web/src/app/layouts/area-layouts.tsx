import { useLogout } from '../../features/auth/api/logout';
import { AffiliateShell } from '../../features/affiliate/components/affiliate-shell';
import { CreatorShell } from '../../features/creators/components/creator-pages';
import { ModeratorShell } from '../../features/moderation/components/moderation-pages';
import { TeacherShell } from '../../features/teacher/components/teacher-pages';

// Each area's frame, wired to its own logout (spec §6: affiliate Logout clears INFLUENCER_TOKEN and INFLUENCER).

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

export function TeacherLayout() {
  const logout = useLogout('teacher');
  return <TeacherShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} />;
}
