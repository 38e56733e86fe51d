import type { ReactNode } from 'react';
import { useTutorRecord } from '../../../shared/api/get-current-user';
import { AreaShell } from '../../../shared/ui/area-shell';
import { useUnreadMessages } from '../../chat/api/use-unread-messages';

const nav = [
  { to: '/teacher/dashboard', label: 'Dashboard' },
  { to: '/teacher/availability', label: 'Availability' },
  { to: '/teacher/sessions', label: 'Sessions' },
  { to: '/teacher/chat', label: 'Chat' },
  { to: '/teacher/profile', label: 'Profile' },
  { to: '/teacher/account', label: 'Account' },
] as const;

/**
 * The tutor area's frame: its navigation (Chat with the learners' unread messages), the tutor's name
 * (from their record), the top bar's controls (the bell) and the log-out button.
 */
export function TutorShell({ onLogout, loggingOut, actions }: { onLogout: () => void; loggingOut?: boolean; actions?: ReactNode }) {
  const profile = useTutorRecord();
  const unread = useUnreadMessages('teacher');
  const items = nav.map((item) => (item.to === '/teacher/chat' ? { ...item, unread } : item));
  return <AreaShell areaLabel="Tutor" homePath="/teacher/dashboard" nav={items} userName={profile.data?.name} onLogout={onLogout} loggingOut={loggingOut} actions={actions} />;
}
