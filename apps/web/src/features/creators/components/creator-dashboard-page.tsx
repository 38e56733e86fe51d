import { AreaShell } from '../../../shared/ui/area-shell';
import { getItem } from '../../../shared/lib/storage';
import { PlaceholderPage } from '../../../shared/ui/empty-state';

export function CreatorShell({ onLogout, loggingOut }: { onLogout: () => void; loggingOut?: boolean }) {
  return <AreaShell areaLabel="Creator" homePath="/creators/dashboard" nav={[{ to: '/creators/dashboard', label: 'My courses' }]} userName={getItem('USER')?.name} onLogout={onLogout} loggingOut={loggingOut} />;
}

/** /creators/dashboard */
export function CreatorDashboardPage() {
  return <PlaceholderPage title="Your courses" subtitle="Courses you publish on Parley." emptyTitle="Your published courses will appear here" icon="film" />;
}
