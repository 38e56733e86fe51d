import type { ProfileUpdatePayload } from '@parley/domain/auth';
import type { AppContext } from '../../context';
import { loadUserRecord } from '../auth/auth.service';
import * as repo from './learner.repository';

export async function updateLearnerProfile(ctx: AppContext, userId: string, input: ProfileUpdatePayload) {
  const current = await loadUserRecord(ctx.db, userId, ctx.now());
  // A new phone number has to be verified again.
  await repo.updateProfile(ctx.db, userId, input, current.phoneNumber !== input.phoneNumber);
  return { user: await loadUserRecord(ctx.db, userId, ctx.now()) };
}
