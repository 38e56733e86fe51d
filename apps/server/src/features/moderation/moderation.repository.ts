import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { loginLinks, moderatorActions, unappliedPayments, users } from '../../db/schema';

export type Page = { page: number; limit: number };

export async function listUnappliedPayments(db: Db, { page, limit }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ payment: unappliedPayments, learner: { id: users.id, name: users.name, email: users.email } })
      .from(unappliedPayments)
      .leftJoin(users, eq(users.id, unappliedPayments.userId))
      .orderBy(desc(unappliedPayments.createdAt), desc(unappliedPayments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(unappliedPayments),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const moderator = alias(users, 'moderator');
const learner = alias(users, 'learner');

export async function listLoginLinkAudit(db: Db, { page, limit }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        action: moderatorActions,
        moderator: { id: moderator.id, name: moderator.name, email: moderator.email },
        learner: { id: learner.id, name: learner.name, email: learner.email },
        link: { expiresAt: loginLinks.expiresAt, usedAt: loginLinks.usedAt },
      })
      .from(moderatorActions)
      .innerJoin(moderator, eq(moderator.id, moderatorActions.moderatorId))
      .innerJoin(learner, eq(learner.id, moderatorActions.targetUserId))
      .innerJoin(loginLinks, eq(loginLinks.id, moderatorActions.loginLinkId))
      .where(eq(moderatorActions.action, 'login_link.issued'))
      .orderBy(desc(moderatorActions.createdAt), desc(moderatorActions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(moderatorActions).where(eq(moderatorActions.action, 'login_link.issued')),
  ]);
  return { rows, total: total?.n ?? 0 };
}
