import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { getItem } from '../../../shared/lib/storage';
import { PageHeader } from '../../../shared/ui/empty-state';
import { CourseReviewQueue } from './course-review-queue';
import { LiveCourses } from './live-courses';
import { LoginLinkAudit } from './login-link-audit';
import { PeerReports } from './peer-reports';
import { UnappliedPayments } from './unapplied-payments';

/** /moderator/dashboard: courses to review and what support follows up on, in the moderator's own timezone. */
export function ModeratorDashboardPage() {
  const timeZone = getItem('MODERATOR')?.timezone || browserTimeZone();
  return (
    <div className="mx-auto max-w-7xl">
      <title>Moderator dashboard · Parley</title>
      <PageHeader title="Moderator dashboard" subtitle={`Courses to review, peer reports, payments to follow up and login links issued. Times are in ${timeZone}.`} />
      <div className="space-y-10">
        <CourseReviewQueue timeZone={timeZone} />
        <LiveCourses timeZone={timeZone} />
        <PeerReports timeZone={timeZone} />
        <UnappliedPayments timeZone={timeZone} />
        <LoginLinkAudit timeZone={timeZone} />
      </div>
    </div>
  );
}
