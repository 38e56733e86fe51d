import type { FastifyReply } from 'fastify';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import type { KidSummary, NewKidPayload } from '@parley/domain/kids';
import type { ProfileUpdatePayload } from '@parley/domain/auth';
import type { AppContext } from '../../context';
import type { users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { startSession } from '../../shared/sessions';
import { loadUserRecord, toUserRecord } from '../../shared/user-record';
import * as repo from './learner.repository';

type UserRow = typeof users.$inferSelect;

export async function updateLearnerProfile(ctx: AppContext, userId: string, input: ProfileUpdatePayload) {
  const current = await loadUserRecord(ctx.db, userId, ctx.now());
  // A new phone number has to be verified again.
  await repo.updateProfile(ctx.db, userId, input, current.phoneNumber !== input.phoneNumber);
  return { user: await loadUserRecord(ctx.db, userId, ctx.now()) };
}

export async function listKidsOfParent(ctx: AppContext, parentId: string) {
  const rows = await repo.listKids(ctx.db, parentId);
  return { allKids: rows.map(toKidSummary) };
}

/** spec §9: a parent has at most 3 kid profiles, also when several requests race. */
export async function createKid(ctx: AppContext, parentId: string, input: NewKidPayload) {
  const parent = await loadUserRecord(ctx.db, parentId, ctx.now());
  const kid = await ctx.db.transaction(async (tx) => {
    const existing = await repo.lockParentAndCountKids(tx, parentId);
    if (existing >= MAX_KID_PROFILES) {
      throw new AppError('KID_LIMIT_REACHED', `You can add up to ${MAX_KID_PROFILES} kid profiles.`);
    }
    return repo.insertKid(tx, { parentId, ...input, country: parent.country, timezone: parent.timezone });
  });
  return { kid: toKidSummary(kid), message: 'Kid profile created' };
}

/** Opens a kid session for one of the parent's own kids; anyone else's kid is a 404. */
export async function selectKid(ctx: AppContext, reply: FastifyReply, parent: AuthContext, kidId: string) {
  const kid = await repo.findKid(ctx.db, parent.userId, kidId);
  if (!kid) throw notFound('Kid not found');
  const session = await startSession(ctx, reply, kid, { openedBy: parent.sessionId });
  return { token: session.handle, learner: toUserRecord(kid, null), message: `Switched to ${kid.name}` };
}

function toKidSummary(row: UserRow): KidSummary {
  return {
    _id: row.id,
    name: row.name,
    avatar: row.avatar ?? 'owl',
    dob: row.dob,
    isDemoPayed: row.isDemoPayed,
    demoSessionBooked: row.demoBookedSubjects.length ? [{ subjects: row.demoBookedSubjects }] : [],
  };
}
