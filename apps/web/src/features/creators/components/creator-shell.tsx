import { AreaShell } from '../../../shared/ui/area-shell';
import { getItem } from '../../../shared/lib/storage';

export function CreatorShell({ onLogout, loggingOut }: { onLogout: () => void; loggingOut?: boolean }) {
  return <AreaShell areaLabel="Creator" homePath="/creators/dashboard" nav={[{ to: '/creators/dashboard', label: 'My courses' }]} userName={getItem('USER')?.name} onLogout={onLogout} loggingOut={loggingOut} />;
}
