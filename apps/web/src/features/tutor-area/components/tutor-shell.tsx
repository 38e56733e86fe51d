import type { ReactNode } from 'react';
import { AreaShell } from '../../../shared/ui/area-shell';

const nav = [
  { to: '/teacher/dashboard', label: 'Dashboard' },
  { to: '/teacher/availability', label: 'Availability' },
  { to: '/teacher/sessions', label: 'Sessions' },
  { to: '/teacher/chat', label: 'Chat' },
] as const;

/** The tutor area's frame: its navigation, the tutor's name, the top bar's controls (the bell) and the log-out button. */
export function TutorShell({ onLogout, loggingOut, userName, actions }: { onLogout: () => void; loggingOut?: boolean; userName?: string | null; actions?: ReactNode }) {
  return <AreaShell areaLabel="Tutor" homePath="/teacher/dashboard" nav={nav} userName={userName} onLogout={onLogout} loggingOut={loggingOut} actions={actions} />;
}
