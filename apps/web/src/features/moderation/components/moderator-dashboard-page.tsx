import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { getItem } from '../../../shared/lib/storage';
import { PageHeader } from '../../../shared/ui/empty-state';
import { LoginLinkAudit } from './login-link-audit';
import { UnappliedPayments } from './unapplied-payments';

/** /moderator/dashboard: what support follows up on, in the moderator's own timezone. */
export function ModeratorDashboardPage() {
  const timeZone = getItem('MODERATOR')?.timezone || browserTimeZone();
  return (
    <div className="mx-auto max-w-7xl">
      <title>Moderator dashboard · Parley</title>
      <PageHeader title="Moderator dashboard" subtitle={`Payments to follow up and login links issued. Times are in ${timeZone}.`} />
      <div className="space-y-10">
        <UnappliedPayments timeZone={timeZone} />
        <LoginLinkAudit timeZone={timeZone} />
      </div>
    </div>
  );
}
