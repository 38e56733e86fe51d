import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /meeting */
export function MeetingPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <PlaceholderPage title="Meeting" subtitle="Join your live session from here." emptyTitle="Your session room will appear here" emptyBody="Open the meeting link from your session to join the call." icon="video" />
    </div>
  );
}
