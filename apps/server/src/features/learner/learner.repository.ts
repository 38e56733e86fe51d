import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function updateProfile(
  db: Db,
  userId: string,
  profile: { name: string; phoneNumber: string | null; dob: string | null; country: string; timezone: string },
  phoneChanged: boolean,
) {
  await db
    .update(users)
    .set({ ...profile, ...(phoneChanged ? { isPhoneNumberVerified: false } : {}) })
    .where(eq(users.id, userId));
}
