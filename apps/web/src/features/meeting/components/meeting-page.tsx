import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /meeting */
export function MeetingPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <PlaceholderPage title="Meeting" subtitle="Join your live session from here." icon="video" />
    </div>
  );
}
