import type { ReactNode } from 'react';
import { AreaShell } from '../../../shared/ui/area-shell';
import { getItem } from '../../../shared/lib/storage';

export function CreatorShell({ onLogout, loggingOut, actions }: { onLogout: () => void; loggingOut?: boolean; actions?: ReactNode }) {
  return <AreaShell areaLabel="Creator" homePath="/creators/dashboard" nav={[{ to: '/creators/dashboard', label: 'My courses' }, { to: '/creators/account', label: 'Account' }]} userName={getItem('USER')?.name} onLogout={onLogout} loggingOut={loggingOut} actions={actions} />;
}
