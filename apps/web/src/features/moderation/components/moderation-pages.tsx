import { AreaShell } from '../../../shared/ui/area-shell';
import { getItem } from '../../../shared/lib/storage';
import { PlaceholderPage } from '../../../shared/ui/empty-state';

export function ModeratorShell({ onLogout, loggingOut }: { onLogout: () => void; loggingOut?: boolean }) {
  return <AreaShell areaLabel="Moderator" homePath="/moderator/dashboard" nav={[{ to: '/moderator/dashboard', label: 'Dashboard' }]} userName={getItem('MODERATOR')?.name} onLogout={onLogout} loggingOut={loggingOut} />;
}

/** /moderator/dashboard */
export function ModeratorDashboardPage() {
  return <PlaceholderPage title="Moderator dashboard" subtitle="Sessions, chats and reports that need a look." emptyTitle="Items to review will appear here" icon="shield" />;
}
