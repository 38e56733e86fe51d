import { isoDateInZone } from '@parley/domain/zoned-time';
import { PageHeader } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useAvailability } from '../api/get-availability';
import { useTutorBlockLive } from '../lib/use-tutor-block-live';
import { AvailabilityEditor } from './availability-editor';
import { TutorBlockNotice } from './tutor-block-notice';

/** /teacher/availability: the weekly editor in the tutor's timezone. */
export function TutorAvailabilityPage() {
  const availability = useAvailability();
  useTutorBlockLive();
  const timeZone = availability.data?.timezone;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Availability"
        subtitle={timeZone ? `The weekly hours learners can book, in your timezone (${timeZone}).` : 'The weekly hours learners can book, in your timezone.'}
      />
      <TutorBlockNotice block={availability.data?.block} />
      {availability.isPending ? (
        <div role="status" aria-label="Loading availability" className="skeleton h-96" />
      ) : availability.isError ? (
        <RetryAlert message={availability.error.message} onRetry={() => availability.refetch()} retrying={availability.isFetching} />
      ) : (
        <AvailabilityEditor saved={availability.data} today={isoDateInZone(new Date(), availability.data.timezone)} />
      )}
    </div>
  );
}
