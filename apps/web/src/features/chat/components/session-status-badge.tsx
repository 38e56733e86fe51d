import { statusBadgeClass, type ChatSessionStatus } from '@parley/domain/chat-slots';

/** A session request's status colour: Requested secondary, Booked success, Rejected error, Expired neutral. */
export function SessionStatusBadge({ status }: { status: ChatSessionStatus }) {
  return <span className={`badge badge-sm font-semibold ${statusBadgeClass[status]}`}>{status}</span>;
}
