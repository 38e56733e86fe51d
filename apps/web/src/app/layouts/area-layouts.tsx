import { useAccountTimeZone } from '../../shared/lib/account-time-zone';
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
  const timeZone = useAccountTimeZone('INFLUENCER');
  return <AffiliateShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} actions={<NotificationBell role="influencer" timeZone={timeZone} />} />;
}

export function ModeratorLayout() {
  const logout = useLogout('moderator');
  const timeZone = useAccountTimeZone('MODERATOR');
  return <ModeratorShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} actions={<NotificationBell role="moderator" timeZone={timeZone} />} />;
}

export function CreatorLayout() {
  const logout = useLogout('creator');
  const timeZone = useAccountTimeZone();
  return <CreatorShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} actions={<NotificationBell role="creator" timeZone={timeZone} />} />;
}

export function TutorLayout() {
  const logout = useLogout('teacher');
  const timeZone = useTutorTimeZone();
  return <TutorShell onLogout={() => logout.mutate()} loggingOut={logout.isPending} actions={<NotificationBell role="teacher" timeZone={timeZone ?? undefined} />} />;
}
