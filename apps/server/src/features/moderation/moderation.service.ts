import {
  influencerStatuses,
  maskPhoneNumber,
  TUTOR_BLOCK_NOTICE_KINDS,
  TUTOR_BLOCKED_CANCEL_REASON,
  tutorBlockNotice,
  type AuditEntry,
  type InfluencerApplication,
  type InfluencerStatus,
  type influencerStatusFilters,
  type LearnerMatch,
  type LoginLinkAudit,
  type ModeratorTutor,
  type UnappliedPayment,
} from '@parley/domain/moderation';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { tutorListChannel } from '../../realtime/publisher';
import { cancelUpcomingTutorSessions, publishTutorCancellations, type TutorCancellations } from '../booking/booking.service';
import { queueMail, sendQueuedMail, type AfterCommitLog } from '../mail/mail.service';
import { notify, pushNotifications, type NewNotification, type NotificationRow } from '../notifications/notifications.service';
import * as repo from './moderation.repository';
import { letter } from '@parley/domain/mail';
import { homePathByRole } from '@parley/domain/roles';

const person = (p: { id: string; name: string; email: string | null }) => ({ _id: p.id, name: p.name, email: p.email });

export async function unappliedPayments(ctx: AppContext, page: repo.Page): Promise<{ items: UnappliedPayment[]; total: number }> {
  const { rows, total } = await repo.listUnappliedPayments(ctx.db, page);
  return {
    total,
    items: rows.map(({ payment, learner }) => ({
      _id: payment.id,
      orderId: payment.orderId,
      paymentId: payment.paymentId,
      purpose: payment.purpose,
      amount: { amountMinor: payment.amountMinor, currency: payment.currency },
      reason: payment.reason,
      learner: learner ? person(learner) : null,
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}

export async function loginLinkAudit(ctx: AppContext, page: repo.Page): Promise<{ items: LoginLinkAudit[]; total: number }> {
  const { rows, total } = await repo.listLoginLinkAudit(ctx.db, page);
  return {
    total,
    items: rows.map((r) => ({
      _id: r.action.id,
      moderator: person(r.moderator),
      learner: person(r.learner),
      createdAt: r.action.createdAt.toISOString(),
      expiresAt: r.link.expiresAt.toISOString(),
      usedAt: r.link.usedAt?.toISOString() ?? null,
    })),
  };
}

/** The whole moderator_actions log, newest first. Read-only: no route changes or removes an entry. */
export async function auditLog(ctx: AppContext, page: repo.Page): Promise<{ items: AuditEntry[]; total: number }> {
  const { rows, total } = await repo.listAudit(ctx.db, page);
  return {
    total,
    items: rows.map((r) => ({
      _id: r.action.id,
      action: r.action.action,
      moderator: person(r.moderator),
      target: { ...person(r.target), role: r.target.role },
      course: r.course ? { _id: r.course.id, title: r.course.title } : null,
      reason: r.action.reason,
      createdAt: r.action.createdAt.toISOString(),
    })),
  };
}

// ---- Influencer applications ----------------------------------------------------------------------

const asStatus = (status: string): InfluencerStatus => (influencerStatuses as readonly string[]).includes(status) ? (status as InfluencerStatus) : '';

function toApplication(row: repo.ApplicationRow): InfluencerApplication {
  const status = asStatus(row.status);
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    referralCode: row.referralCode,
    status,
    channel: row.channel || null,
    audience: row.audience || null,
    appliedAt: row.appliedAt.toISOString(),
    reason: status === 'Rejected' ? row.rejectionReason : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export async function influencerApplications(
  ctx: AppContext,
  query: repo.Page & { status?: (typeof influencerStatusFilters)[number] | undefined },
): Promise<{ items: InfluencerApplication[]; total: number }> {
  const status = query.status === 'None' ? '' : query.status;
  const { rows, total } = await repo.listInfluencerApplications(ctx.db, { ...query, status });
  return { total, items: rows.map(toApplication) };
}

export type InfluencerDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

/**
 * Approves or rejects an affiliate's application, writing the decision to the audit log, the
 * affiliate's bell and an e-mail to them in the same transaction. Deciding what is already so
 * changes nothing and logs nothing, so a double click is harmless. The affiliate reads the status
 * (and a rejection's reason) in their login and /me answer.
 */
export async function decideInfluencer(ctx: AppContext, moderatorId: string, userId: string, input: InfluencerDecision): Promise<InfluencerApplication> {
  const status: InfluencerStatus = input.decision === 'approve' ? 'Approved' : 'Rejected';
  const reason = input.decision === 'reject' ? input.reason.trim() : null;
  const decided = await ctx.db.transaction(async (tx) => {
    const influencer = await repo.lockInfluencer(tx, userId);
    if (!influencer) throw notFound('Affiliate not found');
    if (influencer.status === status) return null;
    await repo.setInfluencerStatus(tx, userId, status);
    await repo.insertModeratorAction(tx, { moderatorId, action: status === 'Approved' ? 'influencer.approved' : 'influencer.rejected', targetUserId: userId, reason });
    const told = await notify(tx, userId, decisionNotice(status, reason));
    const mailId = influencer.email ? await queueMail(tx, decisionMail(influencer.email, influencer.name, status, reason)) : null;
    return { told, mailId };
  });
  if (decided) pushNotifications(ctx, [decided.told]);
  if (decided?.mailId) await sendQueuedMail(ctx, decided.mailId).catch(() => undefined);
  const row = await repo.findInfluencerApplication(ctx.db, userId);
  if (!row) throw notFound('Affiliate not found');
  return toApplication(row);
}

/** The decision's headline, the same on the bell and in the e-mail's subject. */
const decisionTitle = (status: 'Approved' | 'Rejected') => (status === 'Approved' ? 'Your affiliate application is approved' : 'Your affiliate application was not approved');

/** On the bell, pointing to the dashboard, which shows the status (and a rejection's reason). */
function decisionNotice(status: 'Approved' | 'Rejected', reason: string | null): NewNotification {
  return status === 'Approved'
    ? { kind: 'affiliate_approved', title: decisionTitle(status), body: 'You can now copy your referral code and campaign link from your dashboard.', link: '/affiliate/dashboard' }
    : { kind: 'affiliate_rejected', title: decisionTitle(status), body: `Reason: ${reason ?? ''}`, link: '/affiliate/dashboard' };
}

function decisionMail(to: string, name: string, status: 'Approved' | 'Rejected', reason: string | null) {
  const body =
    status === 'Approved'
      ? ['Your Parley affiliate application is approved. You can now copy your referral link and code from the affiliate dashboard.']
      : ['Your Parley affiliate application was not approved.', '', `Reason: ${reason ?? ''}`, '', 'Reply to this e-mail if you would like us to look at it again.'];
  return {
    to,
    subject: decisionTitle(status),
    text: letter(name, body),
    topic: `influencer-decision:${status}`,
  };
}

/** What the affiliate's own record carries besides its status: why it was rejected (spec §3 Influencer). */
export async function influencerStatusReason(db: Db, userId: string, status: string): Promise<string | null> {
  return status === 'Rejected' ? repo.lastRejectionReason(db, userId) : null;
}

// ---- Tutors -----------------------------------------------------------------------------------------

async function withBlocks(db: Db, rows: repo.TutorRow[]): Promise<ModeratorTutor[]> {
  const blocks = await repo.lastBlocks(
    db,
    rows.filter((r) => r.isBlocked).map((r) => r.id),
  );
  return rows.map((row) => {
    const block = row.isBlocked ? blocks.find((b) => b.tutorId === row.id) : undefined;
    return {
      _id: row.id,
      name: row.name,
      email: row.email,
      subjects: row.subjects,
      isBlocked: row.isBlocked,
      upcomingSessions: row.upcomingSessions,
      block: block ? { moderator: person(block.moderator), reason: block.reason, createdAt: block.createdAt.toISOString() } : null,
    };
  });
}

export async function tutors(ctx: AppContext, query: repo.Page & { q?: string | undefined }): Promise<{ items: ModeratorTutor[]; total: number }> {
  const { rows, total } = await repo.listTutors(ctx.db, { ...query, q: query.q || undefined, now: ctx.now() });
  return { total, items: await withBlocks(ctx.db, rows) };
}

/**
 * The block a tutor is under, as the tutor's own area shows it: the reason the moderator logged it
 * with (null if the block has no logged action), or null when the tutor is not blocked.
 */
export async function tutorBlockOf(db: Db, tutorId: string): Promise<{ reason: string | null } | null> {
  if (!(await repo.isTutorBlocked(db, tutorId))) return null;
  const [block] = await repo.lastBlocks(db, [tutorId]);
  return { reason: block?.reason ?? null };
}

/**
 * Blocks or unblocks a tutor. Blocking hides them from the tutor list, empties their schedule
 * (isBlocked) and, in the same transaction, cancels every booked session that has not started as
 * the tutor's own cancellation: each learner gets the session back and is told. The decision is
 * in the audit log with it. Blocking a blocked tutor (or unblocking one who is not) does nothing.
 */
export async function setTutorBlocked(
  ctx: AppContext,
  moderatorId: string,
  tutorId: string,
  change: { blocked: boolean; reason: string },
  log: AfterCommitLog,
): Promise<{ tutor: ModeratorTutor; cancelledSessions: number }> {
  const now = ctx.now();
  const changed = await ctx.db.transaction(async (tx): Promise<{ cancelled: TutorCancellations; notice: NotificationRow } | null> => {
    const tutor = await repo.lockTutor(tx, tutorId);
    if (!tutor) throw notFound('Tutor not found');
    if (tutor.isBlocked === change.blocked) return null;
    await repo.setTutorBlocked(tx, tutorId, change.blocked);
    await repo.insertModeratorAction(tx, { moderatorId, action: change.blocked ? 'tutor.blocked' : 'tutor.unblocked', targetUserId: tutorId, reason: change.reason.trim() });
    const cancelled = change.blocked ? await cancelUpcomingTutorSessions(ctx, tx, tutorId, TUTOR_BLOCKED_CANCEL_REASON, now) : [];
    // The tutor hears of it in the bell, and their open area shows (or drops) the block.
    const notice = await notify(tx, tutorId, {
      kind: TUTOR_BLOCK_NOTICE_KINDS[change.blocked ? 'blocked' : 'unblocked'],
      ...tutorBlockNotice({ ...change, cancelledSessions: cancelled.length }),
      link: homePathByRole.teacher,
    });
    return { cancelled, notice };
  });
  if (changed) {
    // Every node reads the tutor afresh: the list, the schedule's isBlocked and booking.
    await ctx.tutorCache.invalidate(tutorId);
    await publishTutorCancellations(ctx, changed.cancelled, log);
    pushNotifications(ctx, [changed.notice]);
    // Open tutor lists drop (or take back) the tutor.
    ctx.realtime.emit([tutorListChannel], 'tutors_changed', { tutorId });
  }
  const row = await repo.findTutor(ctx.db, tutorId, ctx.now());
  if (!row) throw notFound('Tutor not found');
  const [tutor] = await withBlocks(ctx.db, [row]);
  return { tutor: tutor!, cancelledSessions: changed?.cancelled.length ?? 0 };
}

// ---- Learner support --------------------------------------------------------------------------------

/** Learners to help (mint a login link for): name and e-mail in full, the phone number masked. */
export async function searchLearners(ctx: AppContext, q: string): Promise<{ items: LearnerMatch[] }> {
  const rows = await repo.searchLearners(ctx.db, q);
  return {
    items: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      email: r.email,
      phoneNumber: r.phoneNumber ? maskPhoneNumber(r.phoneNumber) : null,
      country: r.country,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
