import type { LoginLinkAudit, UnappliedPayment } from '@parley/domain/moderation';
import type { AppContext } from '../../context';
import * as repo from './moderation.repository';

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
