import type { ReactNode } from 'react';
import { getItem } from '../../../shared/lib/storage';
import { AreaShell } from '../../../shared/ui/area-shell';

export function ModeratorShell({ onLogout, loggingOut, actions }: { onLogout: () => void; loggingOut?: boolean; actions?: ReactNode }) {
  return <AreaShell areaLabel="Moderator" homePath="/moderator/dashboard" nav={[{ to: '/moderator/dashboard', label: 'Dashboard' }, { to: '/moderator/account', label: 'Account' }]} userName={getItem('MODERATOR')?.name} onLogout={onLogout} loggingOut={loggingOut} actions={actions} />;
}
