import { accountTimeZone } from '../../shared/lib/account-time-zone';
import { useLogout } from '../../features/auth/api/logout';
import { AffiliateShell } from '../../features/affiliate/components/affiliate-shell';
import { CreatorShell } from '../../features/creators/components/creator-shell';
import { ModeratorShell } from '../../features/moderation/components/moderator-shell';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { TutorShell } from '../../features/tutor-area/components/tutor-shell';
import { useTutorTimeZone } from '../../features/tutor-area/lib/use-tutor-time-zone';

// Each area's frame, wired to its own logout (affiliate Logout clears INFLUENCER_TOKEN and INFLUENCER)
// and its own notification bell, which tells times in the account's zone as the area's pages do.

export function AffiliateLayout() {
  const logout = useLogout('influencer');
  return <AffiliateShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} actions={<NotificationBell role="influencer" timeZone={accountTimeZone('INFLUENCER')} />} />;
}

export function ModeratorLayout() {
  const logout = useLogout('moderator');
  return <ModeratorShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} actions={<NotificationBell role="moderator" timeZone={accountTimeZone('MODERATOR')} />} />;
}

export function CreatorLayout() {
  const logout = useLogout('creator');
  return <CreatorShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} actions={<NotificationBell role="creator" timeZone={accountTimeZone()} />} />;
}

export function TutorLayout() {
  const logout = useLogout('teacher');
  const timeZone = useTutorTimeZone();
  return <TutorShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} actions={<NotificationBell role="teacher" timeZone={timeZone} />} />;
}
