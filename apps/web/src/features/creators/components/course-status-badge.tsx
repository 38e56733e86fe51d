import type { CourseStatus, CourseVersionStatus } from '@parley/domain/courses';
import { Badge, type BadgeVariant } from '../../../shared/ui/badge';

const statusBadges: Record<CourseStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'neutral' },
  // Blue: waiting on a moderator.
  in_review: { label: 'In review', variant: 'info' },
  published: { label: 'Published', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'error' },
  unpublished: { label: 'Unpublished', variant: 'warning' },
};

/** Where the course stands as a whole: Draft, In review, Published, Rejected or Unpublished. */
export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  const { label, variant } = statusBadges[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/**
 * For a course that is (or was) live: what is happening to the changes being made to it, since
 * the status badge alone says only "Published".
 */
export function openVersionNote(status: CourseStatus, draftStatus: CourseVersionStatus | null): string | null {
  if (status !== 'published' && status !== 'unpublished') return null;
  if (draftStatus === 'draft') return 'Changes saved as a draft';
  if (draftStatus === 'in_review') return 'Changes in review';
  if (draftStatus === 'rejected') return 'Changes rejected';
  return null;
}
