import { getItem } from '../../../shared/lib/storage';
import { AreaShell } from '../../../shared/ui/area-shell';

export function ModeratorShell({ onLogout, loggingOut }: { onLogout: () => void; loggingOut?: boolean }) {
  return <AreaShell areaLabel="Moderator" homePath="/moderator/dashboard" nav={[{ to: '/moderator/dashboard', label: 'Dashboard' }]} userName={getItem('MODERATOR')?.name} onLogout={onLogout} loggingOut={loggingOut} />;
}
